/**
 * The blog's list browser rendered alone, for an address of /blog with a search or a tag filter: such a
 * page differs from /blog only there (the loader reads no query), so the server answers it with the stored
 * /blog page and this part put in place of the one it holds (server/render-cache.ts). The part is rendered
 * in a router of its own, whose links and hooks render as the page's do.
 */
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { type AppLoadContext, createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router";
import { uniqueTags } from "../mapping";
import { publicBlogList } from "../public.server";
import { BlogBrowser, browserProps } from "./blog-browser";

/** The query parameters the part reads: an address with any other is rendered whole. */
const PART_PARAMS = new Set(["q", "tag"]);

/**
 * The BlogBrowser of /blog at `url` (its query; visit tags already taken out), as the page renders it, or
 * null when the address has another parameter.
 */
export async function renderBlogBrowser(url: URL, context: Pick<AppLoadContext, "db" | "site" | "logger" | "contentVersion">) {
  for (const name of url.searchParams.keys()) if (!PART_PARAMS.has(name)) return null;
  const posts = await publicBlogList(context);
  return renderAlone(url, <BlogBrowser {...browserProps(posts, uniqueTags(posts), url.searchParams)} />);
}

/** An element rendered to HTML in a static data router at `url`, as React Router's server render would render it. */
async function renderAlone(url: URL, element: ReactElement): Promise<string | null> {
  const { query, dataRoutes } = createStaticHandler([{ path: "*", element }]);
  const context = await query(new Request(url));
  if (context instanceof Response) return null;
  return renderToString(<StaticRouterProvider router={createStaticRouter(dataRoutes, context)} context={context} hydrate={false} />);
}
