/**
 * prom-client's metric classes by their own modules (server/metrics.ts): its index also loads the default
 * metrics and, through them, @opentelemetry/api, about 50 ms of a start and 10 MB that only a scrape needs.
 * Each module's export is the class its index re-exports, so the index's types describe them.
 */
declare module "prom-client/lib/registry.js" {
  export { Registry as default } from "prom-client";
}
declare module "prom-client/lib/counter.js" {
  export { Counter as default } from "prom-client";
}
declare module "prom-client/lib/gauge.js" {
  export { Gauge as default } from "prom-client";
}
