/**
 * Hydration after first paint.
 *
 * React Router writes `<link rel="modulepreload">` for the page's scripts (React places them in the
 * head) and ends the body with a module script whose static imports load the route modules and then
 * the client entry. A browser starts those downloads while it is still parsing and runs them as soon
 * as they arrive, so on a phone the first paint of a server-rendered page competes with about 100 KB
 * of JavaScript it does not need to show anything.
 *
 * `deferHydration` rewrites the document so the same modules load once the page has loaded and
 * painted: the preload links are added by the module script itself at that moment (all at once, so
 * the modules still download in parallel), and its static imports become dynamic ones. The rest of
 * React Router's script is left as it is. A document without that shape is left unchanged, so it
 * hydrates as before.
 */

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script([^>]*\btype="module"[^>]*)>([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /import \* as (\w+) from ("[^"]+");/g;
const BARE_IMPORT = /(?<=^|[;\n])\s*import ("[^"]+");/g;

/**
 * Waits for the load event and then for a frame to have been painted after it (the second
 * animation frame). A hidden tab paints no frames, so half a second after load is enough there;
 * a resource that never finishes loading holds hydration back three seconds at most.
 */
export const AFTER_PAINT = [
  "await new Promise(function(r){",
  "var d=false;function go(){if(!d){d=true;r()}}",
  "function p(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})});setTimeout(go,500)}",
  'if(document.readyState==="complete")p();else{addEventListener("load",p,{once:true});setTimeout(p,3000)}',
  "});",
].join("");

/**
 * Rewrites the part of a document from the first preload link to the end of React Router's module
 * script; null when that part does not have the expected shape.
 */
export function deferHydrationSegment(segment: string): string | null {
  const hrefs = [...segment.matchAll(PRELOAD)].map((m) => m[1]);
  const script = MODULE_SCRIPT.exec(segment);
  if (hrefs.length === 0 || !script) return null;
  const [whole, attributes, body] = script;
  const names: string[] = [];
  const specifiers: string[] = [];
  // Side-effect imports (the route manifest; in development, the hot-reload runtime the route modules
  // check for) run first and in order, as static imports would; the route modules then load together.
  const effects: string[] = [];
  let rest = body.replace(BARE_IMPORT, (_, specifier: string) => {
    effects.push(specifier);
    return "";
  });
  rest = rest.replace(STATIC_IMPORT, (_, name: string, specifier: string) => {
    names.push(name);
    specifiers.push(specifier);
    return "";
  });
  if (/^\s*import\s/m.test(rest) || specifiers.length === 0) return null;
  const preload = `${JSON.stringify(hrefs)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});`;
  const imports =
    effects.map((s) => `await import(${s});`).join("") +
    `const [${names.join(",")}]=await Promise.all([${specifiers.map((s) => `import(${s})`).join(",")}]);`;
  const rewritten = `<script${attributes}>${AFTER_PAINT}${preload}${imports}${rest}</script>`;
  // A function replacement: the script's text may hold "$&" or "$'", which a string replacement would expand.
  return segment.replace(PRELOAD, "").replace(whole, () => rewritten);
}

const MARK = '<link rel="modulepreload"';
const MODULE_OPEN = /<script[^>]*\btype="module"/;
const CLOSE = "</script>";

/** Rewrites a whole document. */
export function deferHydration(html: string): string {
  const start = html.indexOf(MARK);
  if (start < 0) return html;
  const open = html.slice(start).search(MODULE_OPEN);
  if (open < 0) return html;
  const end = html.indexOf(CLOSE, start + open);
  if (end < 0) return html;
  const stop = end + CLOSE.length;
  const rewritten = deferHydrationSegment(html.slice(start, stop));
  return rewritten === null ? html : html.slice(0, start) + rewritten + html.slice(stop);
}
