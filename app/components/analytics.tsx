/**
 * Google Analytics, present only when GA_MEASUREMENT_ID is set. Page views are sent by
 * RouteEffects on every navigation, including the first.
 */
declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
  }
}

export function analyticsInitScript(id: string): string {
  return `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}window.gtag=gtag;gtag('js',new Date());gtag('config',${JSON.stringify(id)},{send_page_view:false});`;
}

export function AnalyticsScripts({ id, nonce }: { id: string | null; nonce: string }) {
  if (!id) return null;
  return (
    <>
      <script
        async
        src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`}
        nonce={nonce || undefined}
        suppressHydrationWarning
      />
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: built from a measurement id validated as G-[A-Z0-9] at start */}
      <script nonce={nonce || undefined} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: analyticsInitScript(id) }} />
    </>
  );
}

export function reportPageView(path: string): void {
  window.gtag?.("event", "page_view", { page_path: path, page_location: window.location.href, page_title: document.title });
}
