import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { AnalyticsScripts, analyticsInitScript } from "./analytics";

describe("analytics", () => {
  it("renders nothing without a measurement id", () => {
    expect(renderToStaticMarkup(createElement(AnalyticsScripts, { id: null, nonce: "n" }))).toBe("");
  });

  it("loads gtag with the id and the request's nonce, without an automatic page view", () => {
    const html = renderToStaticMarkup(createElement(AnalyticsScripts, { id: "G-ABC123XYZ", nonce: "abc" }));
    expect(html).toContain('src="https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ"');
    expect(html.match(/nonce="abc"/g)).toHaveLength(2);
    expect(analyticsInitScript("G-ABC123XYZ")).toContain(`gtag('config',"G-ABC123XYZ",{send_page_view:false})`);
  });
});
