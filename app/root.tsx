import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, useLocation, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import inlineCss from "./app.css?inline";
import { AnalyticsScripts } from "./components/analytics";
import { useNonce } from "./components/nonce";
import { RouteEffects } from "./components/route-effects";
import { SiteFooter } from "./components/site/site-footer";
import { SiteHeader } from "./components/site/site-header";
import { Toaster } from "./components/toaster";
import { telHref } from "./content/site-facts";
import { publicConfig } from "./env.server";
import { ChatLauncher } from "./features/chat/widget/chat-launcher";
import { iconSprite } from "./generated/icon-sprite";
import { afterFirstInteraction } from "./lib/after-first-interaction";
import { ChatOpenerProvider } from "./lib/open-chat";
import { isBackOfficePath } from "./lib/paths";
import { agencyJsonLd, pageTitle } from "./lib/seo";
import { SiteProvider, useOptionalSite } from "./lib/site";
import { effectiveSettings, requestSite } from "./lib/site.server";
import { readToast } from "./lib/toast.server";

/**
 * The stylesheet is inlined in the server-rendered HTML: no render-blocking request, and
 * (being server-only) no copy of it in the browser's JavaScript. The browser keeps the
 * server's <style> as it is. Prerendered pages keep only the rules they use (scripts/build.ts),
 * so the whole stylesheet is loaded on the visitor's first interaction, for the next pages and states
 * (App below; server/critical-css.ts has such a page prefetch it).
 */
const serverCss = import.meta.env.SSR ? inlineCss : fromServer("inline-css");
/**
 * The icon sprite, likewise server-rendered only (see components/ui/icon.tsx). Prerendered pages carry
 * only their own icons; the whole sprite (a static file, not JavaScript) is fetched with the whole
 * stylesheet, on the first interaction.
 */
let serverIcons = import.meta.env.SSR ? iconSprite : fromServer("icon-sprite");

function loadAllIcons() {
  // The layout always renders the sprite.
  const sprite = document.getElementById("icon-sprite") as Element;
  // A sprite that cannot be fetched leaves the page's own icons.
  void fetch("/icons.svg")
    .then((res): Promise<string> | "" => (res.ok ? res.text() : ""))
    .then((svg) => {
      if (svg) sprite.innerHTML = serverIcons = svg.replace(/^<svg[^>]*>/, "").replace(/<\/svg>$/, "");
    })
    .catch(() => {});
}

/**
 * In the browser: what the server rendered into an element, read once before hydration, so that
 * when the document re-renders (an error page replaces the layout) it keeps its styles and icons.
 */
function fromServer(id: string): string {
  return typeof document === "undefined" ? "" : (document.getElementById(id)?.innerHTML ?? "");
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // Prerendering at build time has no request context: it reads the environment, and carries no toast.
  const { toast, clear } = context?.cookieSecret ? readToast(request, context) : { toast: null, clear: null };
  // The agency's stored profile, as this request's snapshot has it (the defaults at build time).
  const site = requestSite(context);
  // Analytics and WhatsApp as Settings set them, else as the environment does.
  const config = effectiveSettings(publicConfig(context?.config), requestSite(context));
  // The agency's JSON-LD, built here so its code stays out of the browser's JavaScript.
  const jsonLd = JSON.stringify(agencyJsonLd(requestSite(context), config.siteUrl)).replace(/</g, "\\u003c");
  return data({ publicConfig: config, site, jsonLd, toast }, clear ? { headers: { "Set-Cookie": clear } } : undefined);
}

/**
 * Public settings and the agency's profile change only through the back office: read again only after
 * a back-office post (Settings among them), whose redirect may carry a flash toast (the one notice channel, app/lib/toast.server.ts). Public forms
 * answer in place, so their pages make no request after a post.
 */
export const shouldRevalidate = ({ formMethod, nextUrl }: { formMethod?: string; nextUrl: URL }) =>
  Boolean(formMethod && formMethod.toUpperCase() !== "GET" && isBackOfficePath(nextUrl.pathname));

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const data = useRouteLoaderData<typeof loader>("root");
  const site = data?.site;
  const { pathname } = useLocation();
  const isAdmin = isBackOfficePath(pathname);
  // The whole document has hydrated (error pages included): say so (end-to-end tests wait for
  // `window.__hydrated`). A form sent before this was posted by the browser itself to its route's action.
  useEffect(() => {
    (window as Window & { __hydrated?: boolean }).__hydrated = true;
  }, []);
  // No third-party script where the back office shows personal data.
  const gaId = isAdmin ? null : (data?.publicConfig.gaMeasurementId ?? null);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#112f57" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own critical CSS */}
        <style id="inline-css" suppressHydrationWarning dangerouslySetInnerHTML={{ __html: serverCss }} />
        <Meta />
        <Links />
        {data?.jsonLd && (
          <script
            type="application/ld+json"
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON-LD from the business profile, "<" escaped
            dangerouslySetInnerHTML={{ __html: data.jsonLd }}
          />
        )}
        <AnalyticsScripts id={gaId} nonce={nonce} />
      </head>
      <body className="flex min-h-screen flex-col">
        <svg
          id="icon-sprite"
          width="0"
          height="0"
          className="absolute"
          aria-hidden="true"
          suppressHydrationWarning
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own icon sprite
          dangerouslySetInnerHTML={{ __html: serverIcons }}
        />
        <a
          href="#main"
          className="sr-only z-[60] rounded-md bg-white px-4 py-2 text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to main content
        </a>
        {site ? (
          <SiteProvider site={site}>
            <ChatOpenerProvider>
              {!isAdmin && <SiteHeader />}
              <main id="main" tabIndex={-1} className={`flex-1 outline-none ${isAdmin ? "" : "pt-16"}`}>
                {children}
              </main>
              {!isAdmin && <SiteFooter />}
              {!isAdmin && <ChatLauncher whatsappNumber={data?.publicConfig.whatsappNumber || null} />}
            </ChatOpenerProvider>
          </SiteProvider>
        ) : (
          // The root loader itself failed: the error page alone, without the agency's details.
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            {children}
          </main>
        )}
        <Toaster flash={data?.toast ?? null} />
        <RouteEffects analytics={Boolean(gaId)} />
        <Scripts nonce={nonce || undefined} />
      </body>
    </html>
  );
}

export default function App() {
  // The whole stylesheet (which the page prefetched) and sprite, on the visitor's first interaction:
  // applying the stylesheet restyles every element of the page, which its load then carries none of
  // (docs/decisions/071-work-after-the-first-interaction.md). In development the import also gives hot reloading.
  useEffect(
    () =>
      afterFirstInteraction(() => {
        void import("./app.css");
        loadAllIcons();
      }),
    [],
  );
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const site = useOptionalSite();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page not found" : "Something went wrong";
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6">
      <title>{site ? pageTitle(title, site) : title}</title>
      <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase">{notFound ? "404" : "Error"}</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900 sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-slate-600">
        {notFound
          ? "The page you asked for does not exist or has moved."
          : "We could not show this page just now. Please try again in a moment."}
        {site && (
          <>
            {" "}
            You can always reach us at{" "}
            <a className="font-semibold text-brand-700 underline" href={telHref(site.agency.phone.primary.e164)}>
              {site.agency.phone.primary.display}
            </a>
            .
          </>
        )}
      </p>
      <p className="mt-8">
        <Link to="/" className="rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          Go to the home page
        </Link>
      </p>
    </section>
  );
}
