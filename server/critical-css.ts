/**
 * A stored page keeps only the CSS rules and icon symbols its own markup uses: the prerendered
 * pages at build (scripts/build.ts) and the pages of the render cache when they are stored
 * (server/render-cache.ts). root.tsx loads the whole stylesheet and sprite on the visitor's first
 * interaction, for the states and pages that follow; the page prefetches the stylesheet.
 *
 * Beasties, which does the CSS part, matches a rule by stripping pseudo-classes from its selector.
 * Tailwind writes its spacing and divider utilities as `:where(.space-y-1>:not(:last-child))`,
 * which that stripping empties, so Beasties would drop them and the page would shift when the
 * whole stylesheet arrives. Here such a selector is matched by what it wraps (`.space-y-1>*`).
 *
 * A selector with classes (every Tailwind utility's, variants included) is kept when an element has
 * its longest class, the utility's own (`group-open:rotate-180`, not the `group` it names), whatever
 * state or structure the rest asks for: the states the markup is not in yet (an open disclosure's
 * chevron, `[&::-webkit-details-marker]:hidden`, `aria-expanded:...`) are styled from the first paint,
 * before the whole stylesheet applies on the visitor's first interaction (root.tsx). Classes inside
 * `:not()` and attribute values are not required. A selector of pseudo-elements or pseudo-classes
 * alone (the base rules for placeholders, file buttons, date fields, spin buttons, `:focus-visible`)
 * is kept on every page.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import type Beasties from "beasties";

const WHERE = /^:where\((.+)\)$/;
/** A class in a selector, its escapes included (`.\\32 xl\\:flex`, `.group-open\\:rotate-180`). */
const CLASS = /(?<!\\)\.(?:\\[0-9a-fA-F]{1,6}\s?|\\[^0-9a-fA-F\s]|[\w-])+/g;
/** What a selector does not require: `:not(...)` (one level of parentheses inside) and attribute selectors. */
const NOT_REQUIRED = /:not\((?:[^()]|\([^()]*\))*\)|(?<!\\)\[(?:\\.|[^\]])*\]/g;

/** The entities React writes for these characters in an attribute, escaped for a selector. */
const ENTITIES: Record<string, string> = { "&": "&amp\\;", "<": "&lt\\;", ">": "&gt\\;", '"': "&quot\\;", "'": "&\\#x27\\;" };

/** A rule for one utility class, as Tailwind writes it in a selector (`hover:bg-red-50` as `.hover\\:bg-red-50`). */
function utilityRule(name: string): RegExp {
  const written = name.replace(/[:/.]/g, (char) => `\\${char}`);
  // Not followed by more of a class name, escapes included (`mt-3` is not `mt-3.5`, written `.mt-3\\.5`).
  return new RegExp(`^\\.${written.replace(/[\\^$.*+?()[\]{}|/]/g, "\\$&")}(?![\\w-]|\\\\)`);
}

/**
 * Rules kept on every page for markup that scripts render before the visitor does anything, which
 * no stored page holds: the quote form's document uploads (features/quote/components/document-uploads.tsx),
 * which replace its text for browsers without scripts once the page has hydrated, and the note of a
 * draft put back (quote-form.tsx), both before the whole stylesheet applies. The classes listed are the
 * ones nothing else on /quote uses. tests/e2e/site-shell.spec.ts finds any class or box a hydrated
 * page (and /quote with a draft) shows that its inline rules miss.
 */
const SCRIPTED_ONLY = [
  /^\.(?:hover\\:)?file\\:/,
  /^\.empty\\:hidden/,
  /^:where\(\.space-y-6>/,
  ...["mt-3", "pt-3", "truncate", "underline", "hover:bg-red-50"].map(utilityRule),
];

/** Beasties' own selector normalisation (a method its type declarations leave out). */
type Normalizer = { normalizeCssSelector(selector: string): string };
type Options = ConstructorParameters<typeof Beasties>[0];

/**
 * Beasties with the selector matching above. Its library loads with the first page stored, not while
 * the server starts (the build and a render cache's first store wait for it once).
 */
export async function createCriticalCss(options: Options): Promise<Beasties> {
  const { default: Base } = await import("beasties");
  const normalize = (Base.prototype as unknown as Normalizer).normalizeCssSelector;
  class CriticalCss extends Base {
    normalizeCssSelector(selector: string): string {
      const wrapped = WHERE.exec(selector.trim());
      const inner = wrapped ? wrapped[1] : selector.trim();
      const classes = inner
        .replace(NOT_REQUIRED, "")
        .match(CLASS)
        ?.map((name) => name.trim());
      // Beasties empties a selector of pseudo-elements or pseudo-classes alone (the base rules'
      // `::placeholder`, `::-webkit-datetime-edit`, `:focus-visible`) and drops it: they style any element.
      if (!classes) return normalize.call(this, inner) || "*";
      const utility = classes.reduce((a, b) => (b.length > a.length ? b : a));
      // Beasties' document keeps an attribute's entities as written, as React writes them (`&` as `&amp;`).
      return utility.replace(/\\([&<>"'])/g, (_, char: string) => `\\${ENTITIES[char]}`);
    }
  }
  return new CriticalCss(options);
}

/** Keeps the sprite symbols a page uses; root.tsx fetches the whole sprite (/icons.svg) on the first interaction. */
export function pruneIconSprite(html: string): string {
  const used = new Set([...html.matchAll(/href="#(icon-[\w-]+)"/g)].map((m) => m[1]));
  return html.replace(/<symbol id="(icon-[\w-]+)"[\s\S]*?<\/symbol>/g, (symbol, id: string) => (used.has(id) ? symbol : ""));
}

/** A prefetch of a client build's whole stylesheet (`assets/app-<hash>.css`); nothing without one. */
function wholeStylesheetPrefetch(clientDir: string): string {
  try {
    const name = readdirSync(path.join(clientDir, "assets")).find((file) => /^app-[\w-]+\.css$/.test(file));
    return name ? `<link rel="prefetch" href="/assets/${name}" as="style">` : "";
  } catch {
    return "";
  }
}

/**
 * The page trimmer both the build and the render cache use: the inline CSS pruned, then the sprite,
 * and a prefetch of the whole stylesheet, which root.tsx applies on the visitor's first interaction
 * (so a first client-side navigation finds it in the browser's cache).
 */
export function pageTrimmer(clientDir: string, logLevel: "warn" | "silent" = "warn"): (html: string) => Promise<string> {
  let beasties: Promise<Beasties> | undefined;
  let prefetch: string | undefined;
  return async (html) => {
    prefetch ??= wholeStylesheetPrefetch(clientDir);
    beasties ??= createCriticalCss({
      path: clientDir,
      reduceInlineStyles: true,
      external: false,
      pruneSource: false,
      keyframes: "critical",
      allowRules: SCRIPTED_ONLY,
      fonts: false,
      logLevel,
    }).catch((error: unknown) => {
      // The next page tries again.
      beasties = undefined;
      throw error;
    });
    return pruneIconSprite(await (await beasties).process(html)).replace("</head>", `${prefetch}</head>`);
  };
}
