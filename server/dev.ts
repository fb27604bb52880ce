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
import { buildImages } from "../scripts/images";
import { createApp } from "./app";
import { createServices } from "./main";

if (existsSync(".env")) process.loadEnvFile(".env");
const config = loadConfig({ NODE_ENV: "development", ...process.env });
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
  services.logger.info({ url: `http://localhost:${config.PORT}` }, "development server listening");
});

for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.once(signal, async () => {
    server.close();
    await vite.close();
    await services.stop();
    process.exit(0);
  });
}
