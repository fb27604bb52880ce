import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createCriticalCss, pageTrimmer } from "./critical-css";

const CSS = [
  ".mt-3{margin-top:.75rem}",
  ".mt-9{margin-top:2.25rem}",
  ":where(.space-y-1>:not(:last-child)){margin-block-end:.25rem}",
  ":where(.space-y-8>:not(:last-child)){margin-block-end:2rem}",
  ":where(.divide-y>:not(:last-child)){border-bottom-width:1px}",
  "a:hover{color:red}",
].join("");

describe("createCriticalCss", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "critical-css-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const critical = createCriticalCss({ path: dir, external: false, reduceInlineStyles: true, logLevel: "silent" });
  const trim = pageTrimmer(dir, "silent");

  it("keeps the spacing utilities a page uses and drops the rest", async () => {
    const html = `<html><head><style>${CSS}</style></head><body><ol class="mt-3 space-y-1"><li><a href="#a">A</a></li><li>B</li></ol></body></html>`;
    const out = await (await critical).process(html);
    const css = /<style>([\s\S]*)<\/style>/.exec(out)![1];
    expect(css).toContain(":where(.space-y-1>:not(:last-child))");
    expect(css).toContain(".mt-3");
    expect(css).toContain("a:hover");
    expect(css).not.toContain("space-y-8");
    expect(css).not.toContain("divide-y");
    expect(css).not.toContain(".mt-9");
  });

  it("keeps the states and pseudo-elements of the classes a page uses, for before the whole stylesheet applies", async () => {
    const css = [
      ".group-open\\:rotate-180:is(:where(.group):is([open], :popover-open, :open) *){rotate:180deg}",
      ".\\[\\&\\:\\:-webkit-details-marker\\]\\:hidden::-webkit-details-marker{display:none}",
      "@media (min-width:96rem){.\\32 xl\\:flex{display:flex}}",
      ".aria-expanded\\:bg-slate-100[aria-expanded=true]{background:#f1f5f9}",
      ".group-open\\:rotate-90:is(:where(.group):is([open], :popover-open, :open) *){rotate:90deg}",
      ".\\[\\&\\>\\:first-child\\]\\:mt-0>:first-child{margin-top:0}",
      ".file\\:mr-4::file-selector-button{margin-right:1rem}",
    ].join("");
    const html = `<html><head><style>${css}</style></head><body><details class="group"><summary class="[&amp;::-webkit-details-marker]:hidden 2xl:flex" aria-expanded="false">Q<svg class="group-open:rotate-180"></svg></summary></details><button class="aria-expanded:bg-slate-100">M</button><div class="[&amp;&gt;:first-child]:mt-0"><p>P</p></div></body></html>`;
    const out = await (await critical).process(html);
    const kept = /<style>([\s\S]*)<\/style>/.exec(out)![1];
    expect(kept).toContain("rotate:180deg");
    expect(kept).toContain("::-webkit-details-marker{display:none}");
    expect(kept).toContain(".\\32 xl\\:flex{display:flex}");
    expect(kept).toContain("background:#f1f5f9");
    expect(kept).toContain("margin-top:0");
    expect(kept).not.toContain("rotate:90deg");
  });

  it("keeps on every page the rules of the markup only scripts render (the quote form's document uploads)", async () => {
    const css = ".file\\:mr-4::file-selector-button{margin-right:1rem}.empty\\:hidden:empty{display:none}.mt-9{margin-top:2.25rem}";
    const out = await trim(`<html><head><style>${css}</style></head><body><p>Home</p></body></html>`);
    expect(out).toContain("margin-right:1rem");
    expect(out).toContain("display:none");
    expect(out).not.toContain("margin-top:2.25rem");
  });

  it("keeps the quote form's scripted classes nothing else on it uses, and not their neighbours", async () => {
    const css = ".pt-3{padding-top:.75rem}.pt-30{padding-top:7.5rem}@media (hover:hover){.hover\\:bg-red-50:hover{background:#fef2f2}}";
    const out = await trim(`<html><head><style>${css}</style></head><body><p>Home</p></body></html>`);
    expect(out).toContain("padding-top:.75rem");
    expect(out).toContain("background:#fef2f2");
    expect(out).not.toContain("padding-top:7.5rem");
  });

  it("keeps the base rules of pseudo-elements and pseudo-classes alone (date fields, placeholders, file buttons, focus)", async () => {
    const css = [
      "::-webkit-date-and-time-value{min-height:1lh}",
      "::-webkit-datetime-edit{padding-block:0}",
      "::placeholder{opacity:1}",
      "*,::file-selector-button{border:0 solid}",
      ":focus-visible{outline:3px solid}",
      ".mt-9::placeholder{color:red}",
    ].join("");
    const out = await (await critical).process(`<html><head><style>${css}</style></head><body><input type="date"></body></html>`);
    const kept = /<style>([\s\S]*)<\/style>/.exec(out)![1];
    expect(kept).toContain("::-webkit-date-and-time-value{min-height:1lh}");
    expect(kept).toContain("::-webkit-datetime-edit{padding-block:0}");
    expect(kept).toContain("::placeholder{opacity:1}");
    expect(kept).toContain("*,::file-selector-button{border:0 solid}");
    expect(kept).toContain(":focus-visible{outline:3px solid}");
    // A class no element has still drops its rule, pseudo-element or not.
    expect(kept).not.toContain("color:red");
  });
});
