import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  route("testimonials", "routes/testimonials.tsx"),
  route("team", "routes/team.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-and-conditions", "routes/terms-and-conditions.tsx"),
  route("sms-consent", "routes/sms-consent.tsx"),
  route("quote", "routes/quote.tsx"),
  route("insurance/:slug", "routes/insurance-product.tsx"),
  // The six landing pages share one module; each path is its own route.
  ...["trucking", "contractors", "general-liability", "commercial-property", "hoa", "investment-property"].map((name) =>
    route(`${name}-insurance`, "routes/landing.tsx", { id: `landing-${name}` }),
  ),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  // Any other path: a helpful not-found page with status 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
