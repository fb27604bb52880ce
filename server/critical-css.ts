/**
 * A stored page keeps only the CSS rules and icon symbols its own markup uses: the prerendered
 * pages at build (scripts/build.ts) and the pages of the render cache when they are stored
 * (server/render-cache.ts). root.tsx loads the whole stylesheet and sprite once the page has
 * hydrated, for the states and pages that follow.
 *
 * Beasties, which does the CSS part, matches a rule by stripping pseudo-classes from its selector.
 * Tailwind writes its spacing and divider utilities as `:where(.space-y-1>:not(:last-child))`,
 * which that stripping empties, so Beasties would drop them and the page would shift when the
 * whole stylesheet arrives. Here such a selector is matched by what it wraps (`.space-y-1>*`).
 */
import type Beasties from "beasties";

const WHERE = /^:where\((.+)\)$/;

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
      return normalize.call(this, wrapped ? wrapped[1] : selector);
    }
  }
  return new CriticalCss(options);
}

/** Keeps the sprite symbols a page uses; root.tsx fetches the whole sprite (/icons.svg) after hydration. */
export function pruneIconSprite(html: string): string {
  const used = new Set([...html.matchAll(/href="#(icon-[\w-]+)"/g)].map((m) => m[1]));
  return html.replace(/<symbol id="(icon-[\w-]+)"[\s\S]*?<\/symbol>/g, (symbol, id: string) => (used.has(id) ? symbol : ""));
}

/** The page trimmer both the build and the render cache use: the inline CSS pruned, then the sprite. */
export function pageTrimmer(clientDir: string, logLevel: "warn" | "silent" = "warn"): (html: string) => Promise<string> {
  let beasties: Promise<Beasties> | undefined;
  return async (html) => {
    beasties ??= createCriticalCss({
      path: clientDir,
      reduceInlineStyles: true,
      external: false,
      pruneSource: false,
      keyframes: "critical",
      fonts: false,
      logLevel,
    }).catch((error: unknown) => {
      // The next page tries again.
      beasties = undefined;
      throw error;
    });
    return pruneIconSprite(await (await beasties).process(html));
  };
}
