import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  server: { watch: { ignored: ["**/data/**", "**/build/**", "**/test-results/**"] } },
  build: {
    assetsInlineLimit: 0,
    rollupOptions: {
      output: {
        // Fewer, larger chunks: every request costs a round trip on a phone's connection.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|react-router|scheduler|cookie|set-cookie-parser)\//.test(id)) return "framework";
          if (/\/app\/(components\/site\/|content\/(agency|navigation|closing)\.ts|lib\/(seo|submission-context)\.ts|components\/(route-effects|toaster|analytics|nonce)\.tsx|components\/ui\/(icon|button|section|page-hero|cta-banner)\.tsx)/.test(id)) return "shared";
          return undefined;
        },
      },
    },
  },
});
