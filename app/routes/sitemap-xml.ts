import { contentPaths } from "~/prerender";
import type { Route } from "./+types/sitemap-xml";

/** Every public page; pages added by later features join through `sitemapPaths`. */
export function sitemapPaths(): string[] {
  return [...contentPaths];
}

const escapeXml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

export function loader({ context }: Route.LoaderArgs) {
  const siteUrl = context.config.SITE_URL;
  const urls = sitemapPaths()
    .map((path) => `  <url><loc>${escapeXml(path === "/" ? `${siteUrl}/` : `${siteUrl}${path}`)}</loc></url>`)
    .join("\n");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" } });
}
