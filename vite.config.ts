import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
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
            {
              name: "shared",
              priority: 20,
              test: /[\\/]app[\\/](components[\\/]site[\\/]|content[\\/](agency|navigation|closing)\.ts|lib[\\/](seo|submission-context|open-chat)\.ts|components[\\/](route-effects|toaster|analytics|nonce)\.tsx|components[\\/]ui[\\/](icon|button|section|page-hero|cta-banner)\.tsx)/,
            },
            // What every page with a form needs, in one request.
            {
              name: "forms",
              priority: 10,
              test: /[\\/]app[\\/](lib[\\/](notify|post-json)\.ts|features[\\/]leads[\\/](messages\.ts|components[\\/](use-lead-form\.ts|person-fields\.tsx)))/,
            },
          ],
        },
      },
    },
  },
});
