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

const MARK = '<link rel="modulepreload"';
const HREF = / href="([^"]+)"/;
const MODULE_TYPE = 'type="module"';
const CLOSE = "</script>";

/**
 * Rewrites a whole document; a document without React Router's shape is returned unchanged. The
 * preload links (in the head) and the module script (at the end of the body) are found by plain
 * searches and only they are read as patterns: the page between them, its inline stylesheet
 * included, is most of the document.
 */
export function deferHydration(html: string): string {
  const first = html.indexOf(MARK);
  if (first < 0) return html;
  // React Router's module script: the first script of type module after the first preload link.
  let open = -1;
  for (let at = html.indexOf(MODULE_TYPE, first); at >= 0; at = html.indexOf(MODULE_TYPE, at + 1)) {
    const tag = html.lastIndexOf("<", at);
    if (html.startsWith("<script", tag) && html.indexOf(">", tag) > at) {
      open = tag;
      break;
    }
  }
  if (open < 0) return html;
  const bodyStart = html.indexOf(">", open) + 1;
  const end = html.indexOf(CLOSE, bodyStart);
  if (end < 0) return html;
  const attributes = html.slice("<script".length + open, bodyStart - 1);
  // The preload links before the script, each removed; their addresses are preloaded by the script.
  const links: [number, number][] = [];
  const hrefs: string[] = [];
  for (let at = first; at >= 0 && at < open; at = html.indexOf(MARK, at + MARK.length)) {
    const close = html.indexOf(">", at);
    const href = HREF.exec(html.slice(at, close));
    if (close < 0 || !href) return html;
    links.push([at, close + 1]);
    hrefs.push(href[1]);
  }
  const script = rewriteModuleScript(attributes, html.slice(bodyStart, end), hrefs);
  if (script === null) return html;
  let out = "";
  let from = 0;
  for (const [a, b] of links) {
    out += html.slice(from, a);
    from = b;
  }
  return out + html.slice(from, open) + script + html.slice(end + CLOSE.length);
}

/** React Router's module script, its imports made dynamic after the first paint; null when it has another shape. */
function rewriteModuleScript(attributes: string, body: string, hrefs: string[]): string | null {
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
  return `<script${attributes}>${AFTER_PAINT}${preload}${imports}${rest}</script>`;
}
