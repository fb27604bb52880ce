import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createCriticalCss } from "./critical-css";

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
});
