import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/**
 * React Router's package exports name its development build (with its warnings) for every condition
 * (remix-run/react-router#14753); the browser bundle takes the production build shipped beside it.
 */
const routerBuild = (file: string) => fileURLToPath(new URL(`node_modules/react-router/dist/production/${file}`, import.meta.url));
const reactRouterProduction = [
  { find: /^react-router$/, replacement: routerBuild("index.mjs") },
  { find: /^react-router\/dom$/, replacement: routerBuild("dom-export.mjs") },
];

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true, alias: command === "build" && !isSsrBuild ? reactRouterProduction : [] },
  server: { watch: { ignored: ["**/data/**", "**/build/**", "**/test-results/**"] } },
  // The back office's editor loads on demand; bundling it up front keeps one copy of React in development.
  optimizeDeps: { include: ["@tiptap/react", "@tiptap/starter-kit", "@tiptap/extension-image"] },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Fewer, larger chunks: every request costs a round trip on a phone's connection. A group
        // also takes the modules its members import, so the higher priority groups capture first.
        codeSplitting: {
          groups: [
            {
              name: "framework",
              priority: 30,
              test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/,
            },
            // What every public page loads with the root. lib/paths.ts is here, not a chunk of its own: the
            // root reads it (is this the back office?) as the sign-in screens do, and a request for its few
            // bytes would be the home page's eleventh file.
            {
              name: "shared",
              priority: 20,
              test: /[\\/]app[\\/](components[\\/]site[\\/]|content[\\/](navigation|closing|site-facts)\.ts|lib[\\/](seo|submission-context|open-chat|paths)\.ts|lib[\\/]site\.tsx|components[\\/](route-effects|toaster|analytics|nonce)\.tsx|components[\\/]ui[\\/](icon|button|section|page-hero|cta-banner|inline-text)\.tsx)/,
            },
            // The FAQ and the licensed-states list, which the product pages show together.
            {
              name: "page-parts",
              priority: 15,
              test: /[\\/]app[\\/]components[\\/]ui[\\/](faq-accordion|licensed-states)\.tsx$/,
            },
            // The cards of the stored lists (reviews, team members), which the home, testimonials and team pages
            // and their screens share.
            {
              name: "list-cards",
              priority: 14,
              test: /[\\/]app[\\/]components[\\/](ui[\\/]site-picture|pages[\\/](review-card|star-rating|featured-testimonial|team-member-card))\.tsx$/,
            },
            // What every page with a form needs, in one request: Conform, the form helper and its fields.
            {
              name: "forms",
              priority: 10,
              test: /node_modules[\\/]@conform-to[\\/](dom|react)[\\/]|[\\/]app[\\/](lib[\\/](form|notify)\.ts|components[\\/]form[\\/]fields\.tsx|features[\\/]leads[\\/](messages\.ts|components[\\/]person-fields\.tsx))/,
            },
            // What the lead forms add (contact, landing, SMS consent, product and careers pages; not the trucking
            // quote): the answer shown in place, the option lists, the consent text, the dialog a form opens in.
            {
              name: "lead-forms",
              priority: 8,
              test: /[\\/]app[\\/](components[\\/](form[\\/]form-answer|ui[\\/]modal)\.tsx|content[\\/](options|sms-consent)\.ts)$/,
            },
            // The quote form's texts, which its schema (loaded on first focus) shares with the page: one request.
            {
              name: "quote-texts",
              priority: 5,
              test: /[\\/]app[\\/]features[\\/](quote|uploads)[\\/]messages\.ts$/,
            },
          ],
        },
      },
    },
  },
}));
