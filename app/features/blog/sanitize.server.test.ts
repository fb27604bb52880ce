/**
 * The post sanitiser: every payload below must come out unable to run script in a visitor's
 * browser, and the editor's own markup must come out as it went in.
 */
import { describe, expect, it } from "vitest";
import { safeImageSrc, safeLinkHref, sanitizePostHtml } from "./sanitize.server";

/** What no sanitised output may contain, whatever the input. */
function expectInert(html: string) {
  const lower = html.toLowerCase();
  expect(lower).not.toMatch(
    /<\s*(script|style|svg|math|iframe|object|embed|form|input|textarea|button|meta|link|base|template|noscript|xmp|title|frame|applet)\b/,
  );
  // No event handler attribute on any tag (text may mention "onerror=" harmlessly, escaped).
  for (const tag of html.match(/<[^>]*>/g) ?? []) {
    expect(tag).not.toMatch(/\son[a-z]+\s*=/i);
    expect(tag).not.toMatch(/\s(style|class|id|srcdoc|formaction|xlink:href|data-[\w-]+)\s*=/i);
    expect(tag.toLowerCase()).not.toMatch(/(javascript|vbscript|data|livescript)\s*:/);
    expect(tag).not.toMatch(/(src|href)="\s*\/\//i);
  }
  // Only allowlisted tags remain.
  for (const name of html.match(/<\/?\s*([a-z0-9-]+)/gi) ?? []) {
    expect(["p", "br", "h1", "h2", "h3", "strong", "b", "em", "i", "u", "s", "ol", "ul", "li", "a", "img"]).toContain(
      name.replace(/[</\s]/g, "").toLowerCase(),
    );
  }
}

const payloads: [string, string][] = [
  ["script tag", `<p>Hi</p><script>alert(1)</script>`],
  ["script with attributes and odd case", `<ScRiPt type="text/javascript" src="https://evil.example/x.js"></sCrIpT><p>ok</p>`],
  ["unclosed script", `<p>start</p><script>alert(document.cookie)`],
  ["script split by comments", `<scr<!-- -->ipt>alert(1)</script>`],
  ["img onerror", `<img src=x onerror=alert(1)>`],
  ["img onerror with valid src", `<img src="https://cdn.example/a.png" onerror="alert(1)" onload="alert(2)">`],
  ["javascript: link", `<a href="javascript:alert(1)">click</a>`],
  ["mixed-case javascript: link", `<a href="jAvAsCrIpT:alert(1)">click</a>`],
  ["entity-encoded javascript:", `<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>`],
  ["hex entities without semicolons", `<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>`],
  ["tab and newline inside the scheme", `<a href="jav&#x09;ascript:alert(1)">x</a><a href="java\nscript:alert(1)">y</a>`],
  ["leading spaces and control characters", `<a href=" \u0001javascript:alert(1)">x</a>`],
  ["vbscript link", `<a href="vbscript:msgbox(1)">x</a>`],
  ["data: link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`],
  ["svg onload", `<svg onload=alert(1)><circle r="10"/></svg>`],
  ["svg with script inside", `<svg><script>alert(1)</script><a xlink:href="javascript:alert(1)"><text>t</text></a></svg>`],
  ["svg animate href", `<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text x="20" y="20">click</text></a></svg>`],
  ["style element", `<style>body{background:url("javascript:alert(1)")}</style><p>text</p>`],
  ["style attribute", `<p style="background-image:url(javascript:alert(1));color:red">styled</p>`],
  ["class and id attributes", `<p class="x" id="y" data-x="1">attrs</p>`],
  ["iframe", `<iframe src="https://evil.example"></iframe>`],
  ["iframe srcdoc", `<iframe srcdoc="<script>alert(1)</script>"></iframe>`],
  ["object", `<object data="javascript:alert(1)"></object>`],
  ["embed", `<embed src="javascript:alert(1)">`],
  ["data: image", `<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">`],
  ["data: image in mixed case", `<img src="DaTa:image/png;base64,AAAA">`],
  ["math", `<math><mtext><table><mglyph><style><img src=x onerror=alert(1)></style></mglyph></table></mtext></math>`],
  ["math href", `<math href="javascript:alert(1)"><mi>x</mi></math>`],
  ["nested and unclosed tags", `<p><strong><em>bold<a href="javascript:alert(1)">x<img src=x onerror=alert(1)`],
  ["broken attribute quoting", `<img src="x" alt="a"onerror="alert(1)">`],
  ["tag in attribute value", `<p title="</p><script>alert(1)</script>">text</p>`],
  ["protocol-relative image", `<img src="//evil.example/x.png">`],
  ["backslash protocol-relative image", `<img src="/\\evil.example/x.png">`],
  ["protocol-relative link", `<a href="//evil.example">x</a>`],
  [
    "form and inputs",
    `<form action="https://evil.example"><input name="password"><button formaction="javascript:alert(1)">go</button></form>`,
  ],
  ["meta refresh", `<meta http-equiv="refresh" content="0;url=javascript:alert(1)">`],
  ["base and link", `<base href="https://evil.example/"><link rel="stylesheet" href="https://evil.example/x.css">`],
  ["noscript mutation", `<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>`],
  ["template", `<template><img src=x onerror=alert(1)></template>`],
  ["textarea breakout", `<textarea></textarea><img src=x onerror=alert(1)></textarea>`],
  ["xmp", `<xmp><img src=x onerror=alert(1)></xmp>`],
  ["comment", `<!--<img src=x onerror=alert(1)>--><p>after</p>`],
  ["CDATA", `<![CDATA[<img src=x onerror=alert(1)>]]>`],
  ["event handler on allowed tag", `<p onclick="alert(1)" onmouseover="alert(2)">p</p><h1 onfocus="alert(1)" tabindex="1">h</h1>`],
  ["srcset", `<img src="https://cdn.example/a.png" srcset="javascript:alert(1) 1x">`],
];

describe("sanitizePostHtml: XSS payloads are neutralised", () => {
  it.each(payloads)("%s", (_, payload) => {
    const out = sanitizePostHtml(payload);
    expectInert(out);
    // Every element that opens closes, in order (img and br are void).
    const open: string[] = [];
    for (const [, closing, name] of out.matchAll(/<(\/?)([a-z0-9]+)[^>]*>/g)) {
      if (name === "img" || name === "br") continue;
      if (closing) expect(open.pop(), out).toBe(name);
      else open.push(name);
    }
    expect(open, out).toEqual([]);
    // Sanitising is stable: a second pass changes nothing (no markup that re-forms when parsed again).
    expect(sanitizePostHtml(out)).toBe(out);
  });

  it("drops script and style bodies, not just their tags", () => {
    expect(sanitizePostHtml(`<p>Hi</p><script>alert(1)</script>`)).toBe("<p>Hi</p>");
    expect(sanitizePostHtml(`<style>p{color:red}</style><p>text</p>`)).toBe("<p>text</p>");
    expect(sanitizePostHtml(`<svg><text>inside svg</text></svg><p>after</p>`)).toBe("<p>after</p>");
    expect(sanitizePostHtml(`<iframe src="https://evil.example">fallback</iframe>`)).toBe("");
  });

  it("removes images that are not http(s) or site-relative, and links keep their words", () => {
    expect(sanitizePostHtml(`<img src=x onerror=alert(1)>`)).toBe("");
    expect(sanitizePostHtml(`<img src="data:image/png;base64,AAAA">`)).toBe("");
    expect(sanitizePostHtml(`<img src="//evil.example/x.png">`)).toBe("");
    expect(sanitizePostHtml(`<p><a href="javascript:alert(1)">click me</a></p>`)).toBe("<p>click me</p>");
    expect(sanitizePostHtml(`<p><a href="//evil.example">there</a></p>`)).toBe("<p>there</p>");
  });

  it("a removed link or image leaves the markup around it well formed", () => {
    expect(
      sanitizePostHtml(
        `<p><a href="javascript:alert(1)">bad</a> <a href="https://good.example">good</a></p><p><img src=x onerror=alert(1)><a href="/quote">quote</a></p>`,
      ),
    ).toBe(
      `<p>bad <a href="https://good.example" rel="noopener noreferrer">good</a></p><p><a href="/quote" rel="noopener noreferrer">quote</a></p>`,
    );
    expect(
      sanitizePostHtml(
        `<ul><li><a href="data:text/html,x">one</a></li><li><a href="mailto:a@b.example">two</a></li></ul><h4>four</h4><h2>two</h2>`,
      ),
    ).toBe(`<ul><li>one</li><li><a href="mailto:a@b.example" rel="noopener noreferrer">two</a></li></ul><h3>four</h3><h2>two</h2>`);
  });

  it("strips style, class and unknown attributes from allowed tags", () => {
    expect(sanitizePostHtml(`<p style="color:red" class="lead" id="x" onclick="alert(1)">styled</p>`)).toBe("<p>styled</p>");
  });

  it("escapes text that looks like markup", () => {
    expect(sanitizePostHtml(`<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>`)).toBe("<p>1 &lt; 2 &amp;&amp; &lt;script&gt;</p>");
  });
});

describe("sanitizePostHtml: the editor's markup is kept", () => {
  it("keeps every toolbar format", () => {
    const html =
      "<h1>Heading one</h1><h2>Heading two</h2><h3>Heading three</h3>" +
      "<p>Plain <strong>bold</strong> <b>b</b> <em>italic</em> <i>i</i> <u>underline</u> <s>strike</s><br />next line</p>" +
      "<ol><li><p>first</p></li><li><p>second</p></li></ol><ul><li><p>bullet</p></li></ul>";
    expect(sanitizePostHtml(html)).toBe(html);
  });

  it("keeps http, https, mailto and site links, always with rel noopener", () => {
    expect(sanitizePostHtml(`<a href="https://www.fmcsa.dot.gov/">FMCSA</a>`)).toBe(
      `<a href="https://www.fmcsa.dot.gov/" rel="noopener noreferrer">FMCSA</a>`,
    );
    expect(sanitizePostHtml(`<a href="http://example.com" rel="opener" target="_blank">x</a>`)).toBe(
      `<a href="http://example.com" rel="noopener noreferrer" target="_blank">x</a>`,
    );
    expect(sanitizePostHtml(`<a href="mailto:info@agency.example">mail</a>`)).toBe(
      `<a href="mailto:info@agency.example" rel="noopener noreferrer">mail</a>`,
    );
    expect(sanitizePostHtml(`<a href="/quote" target="_top">quote</a>`)).toBe(`<a href="/quote" rel="noopener noreferrer">quote</a>`);
  });

  it("keeps http, https and site-relative images with their alt text", () => {
    expect(sanitizePostHtml(`<img src="https://cdn.example/truck.jpg" alt="A truck" title="Truck" width="640" height="80%">`)).toBe(
      `<img src="https://cdn.example/truck.jpg" alt="A truck" title="Truck" width="640" />`,
    );
    expect(sanitizePostHtml(`<img src="/images/office.webp" alt="">`)).toBe(`<img src="/images/office.webp" alt="" />`);
  });

  it("keeps an uploaded image's srcset and sizes, pointing at its own /media/ files only", () => {
    const h = "0123456789abcdef";
    const srcset = `/media/${h}-320.webp 320w, /media/${h}-640.webp 640w, /media/${h}-700.webp 700w`;
    const img = `<img src="/media/${h}-700.webp" srcset="${srcset}" sizes="(min-width: 768px) 720px, 100vw" width="700" height="350" alt="A loaded flatbed">`;
    expect(sanitizePostHtml(img)).toBe(
      `<img src="/media/${h}-700.webp" alt="A loaded flatbed" width="700" height="350" srcset="${srcset}" sizes="(min-width: 768px) 720px, 100vw" loading="lazy" decoding="async" />`,
    );
    const refused = [
      // A candidate elsewhere, of another image, or not one of ours: the whole srcset goes.
      `/media/${h}-320.webp 320w, https://evil.example/x.webp 640w`,
      `/media/${h}-320.webp 320w, /media/fedcba9876543210-640.webp 640w`,
      `/media/${h}-320.webp 320w, /site-images/team-${h}-640.webp 640w`,
      `/media/${h}-320.webp 2x`,
      `javascript:alert(1) 320w`,
      `/media/${h}-320.webp 320w, //evil.example/media/${h}-640.webp 640w`,
    ];
    for (const bad of refused) {
      const out = sanitizePostHtml(`<img src="/media/${h}-700.webp" srcset="${bad}" sizes="100vw" alt="x">`);
      expect(out, bad).toBe(`<img src="/media/${h}-700.webp" alt="x" loading="lazy" decoding="async" />`);
    }
    // An image from elsewhere keeps no srcset, sizes or loading hints of its own.
    expect(
      sanitizePostHtml(`<img src="https://cdn.example/a.png" srcset="/media/${h}-320.webp 320w" sizes="100vw" loading="eager" alt="">`),
    ).toBe(`<img src="https://cdn.example/a.png" alt="" />`);
    // sizes is kept only as media conditions and lengths.
    expect(sanitizePostHtml(`<img src="/media/${h}-320.webp" srcset="/media/${h}-320.webp 320w" sizes="url(x)&quot;" alt="">`)).toBe(
      `<img src="/media/${h}-320.webp" alt="" srcset="/media/${h}-320.webp 320w" loading="lazy" decoding="async" />`,
    );
  });

  it("maps near-equivalents onto the list and unwraps the rest", () => {
    expect(sanitizePostHtml(`<h4>Four</h4><h6>Six</h6><p><del>old</del> <strike>older</strike> <ins>new</ins></p>`)).toBe(
      "<h3>Four</h3><h3>Six</h3><p><s>old</s> <s>older</s> <u>new</u></p>",
    );
    expect(sanitizePostHtml(`<div><span>inside</span> <blockquote>quoted</blockquote></div>`)).toBe("inside quoted");
  });
});

describe("URL checks", () => {
  it("accepts only the allowed link and image addresses", () => {
    expect(safeLinkHref("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeLinkHref("MAILTO:x@example.com")).toBe("MAILTO:x@example.com");
    expect(safeLinkHref("/contact")).toBe("/contact");
    for (const bad of [
      "javascript:alert(1)",
      " java\tscript:x",
      "//evil.example",
      "/\\evil.example",
      "data:text/html,x",
      "ftp://x",
      "https:/\\evil",
      "relative",
      "#top",
      "",
    ]) {
      expect(safeLinkHref(bad), bad).toBeNull();
    }
    expect(safeImageSrc("https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
    expect(safeImageSrc("/uploads/x.png")).toBe("/uploads/x.png");
    for (const bad of ["mailto:x@example.com", "data:image/png;base64,AAAA", "//cdn.example/x.png", "x.png", "blob:https://x/1"]) {
      expect(safeImageSrc(bad), bad).toBeNull();
    }
  });
});
