/**
 * `npm run dev`: Vite in middleware mode for pages with hot reload, and the same Hono app for
 * /api, in one process on PORT.
 */
import { existsSync } from "node:fs";
import { createServer as createHttpServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { loadConfig } from "~/env.server";
import { setupMessages } from "~/features/admin-users/setup-messages";
import { createApp } from "../server/app";
import { createServices, firstRunLink } from "../server/main";
import { buildImages } from "./images";

if (process.argv.includes("--help")) {
  console.log(`Usage: npm run dev

Development server on PORT (3000): pages with hot reload and the /api routes in one process, on the
embedded database in DATA_DIR or on DATABASE_URL. Settings come from the environment and .env.`);
  process.exit(0);
}
if (existsSync(".env")) process.loadEnvFile(".env");
// The development server is development whatever .env says.
const config = loadConfig({ ...process.env, NODE_ENV: "development" });
await buildImages(process.cwd());
const services = await createServices(config);
services.start();
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });

const app = createApp({
  services,
  development: true,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
const listener = getRequestListener(app.fetch);

const server = createHttpServer((req, res) => {
  // Hono answers /api itself; Vite serves its modules and assets, and hands the rest to Hono (React Router).
  if (req.url?.startsWith("/api/") || req.url === "/api") return void listener(req, res);
  vite.middlewares(req, res, () => void listener(req, res));
});
server.listen(config.PORT, config.HOST, () => {
  const url = `http://localhost:${config.PORT}`;
  services.logger.info({ url }, "development server listening");
  const setup = firstRunLink(services, process.env.SITE_URL ? config.SITE_URL : url);
  if (setup) console.log(setupMessages.printed(setup));
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    server.close();
    await vite.close();
    await services.stop();
    process.exit(0);
  });
}
