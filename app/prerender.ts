/**
 * Public pages whose HTML depends only on the site's own content. They are rendered once at
 * build time and served as precompressed files (docs/decisions/003).
 */
import { landingSlugs } from "./content/landing-pages.copy";
import { productSlugs } from "./content/products";

export const contentPaths = [
  "/",
  "/services",
  "/testimonials",
  "/team",
  "/about",
  "/contact",
  "/privacy-policy",
  "/terms-and-conditions",
  "/sms-consent",
  "/quote",
  ...productSlugs.map((slug) => `/insurance/${slug}`),
  ...landingSlugs.map((slug) => `/${slug}-insurance`),
];

export const prerenderPaths: string[] = contentPaths;
