import { blogMessages } from "../messages";

const POPUP_FEATURES = "width=600,height=400";

/** The three share addresses, carrying the page's address (and, where the network takes one, its title). */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  return [
    { network: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { network: "Twitter", href: `https://twitter.com/intent/tweet?url=${u}&text=${encodeURIComponent(title)}` },
    { network: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
  ] as const;
}

/**
 * Real links (they work without JavaScript, in a new tab); with JavaScript they open a 600x400 popup.
 * The page's Cross-Origin-Opener-Policy keeps the popup from reaching back into this page.
 */
export function ShareButtons({ url, title }: { url: string; title: string }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-semibold text-slate-700">{blogMessages.shareLabel}:</span>
      <ul className="flex flex-wrap gap-2">
        {shareLinks(url, title).map(({ network, href }) => (
          <li key={network}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={`Share on ${network}`}
              onClick={(e) => {
                e.preventDefault();
                window.open(href, "share", POPUP_FEATURES);
              }}
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-semibold text-brand-800 hover:border-brand-600 hover:bg-brand-50"
            >
              {network}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
