import type { Config } from "@react-router/dev/config";
import { prerenderPaths } from "./app/prerender";

export default {
  ssr: true,
  // Pages whose HTML depends only on the site's own content are rendered once at
  // build time and served as precompressed files (see docs/decisions/003).
  prerender: prerenderPaths,
  future: {
    v8_splitRouteModules: false,
    v8_trailingSlashAwareDataRequests: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    // Loaders receive the server's services as a plain load context (server/context.ts).
    v8_middleware: false,
  },
} satisfies Config;
