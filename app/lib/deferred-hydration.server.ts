/**
 * Hydration after first paint.
 *
 * React Router ends every document with `<link rel="modulepreload">` for the page's scripts and a
 * module script whose static imports load the route modules and then the client entry. A browser
 * starts those downloads while it is still parsing and runs them as soon as they arrive, so on a
 * phone the first paint of a server-rendered page competes with about 100 KB of JavaScript it does
 * not need to show anything.
 *
 * `deferHydration` rewrites that tail so the same modules load once the page has loaded and painted:
 * the preload links are added by the script itself at that moment (all at once, so the modules
 * still download in parallel), and the static imports become dynamic ones. The rest of React
 * Router's script is left as it is. A document whose tail does not have the expected shape is left
 * unchanged, so it hydrates as before.
 */
import { StringDecoder } from "node:string_decoder";
import { Transform, type TransformCallback } from "node:stream";

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /<script([^>]*\btype="module"[^>]*)>([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /import \* as (\w+) from ("[^"]+");/g;
const BARE_IMPORT = /(^|[;\n])\s*import ("[^"]+");/g;

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

/** Rewrites React Router's script tail (the preload links and its module script); null when it is not there. */
export function deferHydrationTail(tail: string): string | null {
  const hrefs = [...tail.matchAll(PRELOAD)].map((m) => m[1]);
  const script = MODULE_SCRIPT.exec(tail);
  if (hrefs.length === 0 || !script) return null;
  const [whole, attributes, body] = script;
  const names: string[] = [];
  const specifiers: string[] = [];
  let rest = body.replace(STATIC_IMPORT, (_, name: string, specifier: string) => {
    names.push(name);
    specifiers.push(specifier);
    return "";
  });
  rest = rest.replace(BARE_IMPORT, (_, lead: string, specifier: string) => {
    names.push("_");
    specifiers.push(specifier);
    return lead;
  });
  if (/^\s*import\s/m.test(rest) || specifiers.length === 0) return null;
  const preload = `${JSON.stringify(hrefs)}.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});`;
  const imports = `const [${names.map((n, i) => (n === "_" ? `_${i}` : n)).join(",")}]=await Promise.all([${specifiers.map((s) => `import(${s})`).join(",")}]);`;
  const rewritten = `<script${attributes}>${AFTER_PAINT}${preload}${imports}${rest}</script>`;
  return tail.replace(PRELOAD, "").replace(whole, rewritten);
}

/** Rewrites a whole document (prerendering, tests). */
export function deferHydration(html: string): string {
  const start = html.indexOf('<link rel="modulepreload"');
  if (start < 0) return html;
  const end = html.indexOf("</script>", html.search(/<script[^>]*\btype="module"/) + 1);
  if (end < 0) return html;
  const stop = end + "</script>".length;
  const rewritten = deferHydrationTail(html.slice(start, stop));
  return rewritten === null ? html : html.slice(0, start) + rewritten + html.slice(stop);
}

/**
 * The same rewrite on a streamed document: text passes through until the first preload link,
 * then is held until React Router's module script has closed, rewritten, and sent on.
 */
export function deferHydrationStream(): Transform {
  const decoder = new StringDecoder("utf8");
  const MARK = '<link rel="modulepreload"';
  let pending = "";
  let state: "before" | "holding" | "done" = "before";
  const step = (stream: Transform, final: boolean) => {
    if (state === "before") {
      const at = pending.indexOf(MARK);
      if (at < 0) {
        // Keep a possible partial marker at the end for the next chunk.
        const keep = final ? 0 : MARK.length - 1;
        if (pending.length > keep) {
          stream.push(pending.slice(0, pending.length - keep));
          pending = pending.slice(pending.length - keep);
        }
        return;
      }
      if (at > 0) stream.push(pending.slice(0, at));
      pending = pending.slice(at);
      state = "holding";
    }
    if (state === "holding") {
      const moduleAt = pending.search(/<script[^>]*\btype="module"/);
      const end = moduleAt < 0 ? -1 : pending.indexOf("</script>", moduleAt);
      if (end < 0) {
        if (final) {
          stream.push(pending);
          pending = "";
        }
        return;
      }
      const stop = end + "</script>".length;
      const tail = pending.slice(0, stop);
      stream.push(deferHydrationTail(tail) ?? tail);
      pending = pending.slice(stop);
      state = "done";
    }
    if (pending) stream.push(pending);
    pending = "";
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      pending += decoder.write(chunk);
      step(this, false);
      callback();
    },
    flush(callback: TransformCallback) {
      pending += decoder.end();
      step(this, true);
      callback();
    },
  });
}
