import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  // Any other path: a helpful not-found page with status 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
