/**
 * Beasties, which keeps in each prerendered page only the CSS rules its markup uses, matches a rule
 * by stripping pseudo-classes from its selector. Tailwind writes its spacing and divider utilities
 * as `:where(.space-y-1>:not(:last-child))`, which that stripping empties, so Beasties would drop
 * them and the page would shift when the whole stylesheet arrives. Here such a selector is matched
 * by what it wraps (`.space-y-1>*`).
 */
import Beasties from "beasties";

const WHERE = /^:where\((.+)\)$/;

/** Beasties' own selector normalisation (a method its type declarations leave out). */
type Normalizer = { normalizeCssSelector(selector: string): string };
const normalize = (Beasties.prototype as unknown as Normalizer).normalizeCssSelector;

export class CriticalCss extends Beasties {
  normalizeCssSelector(selector: string): string {
    const wrapped = WHERE.exec(selector.trim());
    return normalize.call(this, wrapped ? wrapped[1] : selector);
  }
}
