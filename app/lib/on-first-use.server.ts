/**
 * A CommonJS package loaded when it is first used rather than while the server starts: the sanitiser
 * (a post saved, a logo stored) and the common-password list (a password set) are each about 60 ms
 * of start-up that most starts never need. The call stays synchronous (Node's `require`).
 */
import { createRequire } from "node:module";

const load = createRequire(import.meta.url);

export function onFirstUse<T>(specifier: string): () => T {
  let loaded: { module: T } | undefined;
  return () => {
    loaded ??= { module: load(specifier) as T };
    return loaded.module;
  };
}
