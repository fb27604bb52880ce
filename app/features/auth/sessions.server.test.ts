import { describe, expect, it } from "vitest";
import { browserOf, countryLookup, countryName, isLocalAddress, openDbIpCountry, placeOf } from "./sessions.server";
import { sessionsMessages as text } from "./sessions-messages";

const UA = {
  chromeWindows: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  edgeWindows:
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  safariIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  chromeIphone:
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
  safariIpad:
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  safariMac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  firefoxLinux: "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
  chromeAndroid: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};

describe("the browser of a session", () => {
  it("names the browser and the system, or the Apple device", () => {
    expect(browserOf(UA.chromeWindows)).toBe("Chrome on Windows");
    expect(browserOf(UA.edgeWindows)).toBe("Microsoft Edge on Windows");
    expect(browserOf(UA.safariIphone)).toBe("Safari on iPhone");
    expect(browserOf(UA.chromeIphone)).toBe("Chrome on iPhone");
    expect(browserOf(UA.safariIpad)).toBe("Safari on iPad");
    expect(browserOf(UA.safariMac)).toBe("Safari on macOS");
    expect(browserOf(UA.firefoxLinux)).toBe("Firefox on Linux");
    expect(browserOf(UA.chromeAndroid)).toBe("Chrome on Android");
  });

  it("says it does not know a user agent that names no browser, or none at all", () => {
    for (const ua of [null, undefined, "", "   ", "curl/8.5.0", "vitest/1.0"]) expect(browserOf(ua), String(ua)).toBe(text.unknownBrowser);
  });
});

describe("the place of a session", () => {
  it("tells addresses that are not on the internet", () => {
    for (const ip of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.9",
      "172.31.255.255",
      "192.168.1.20",
      "169.254.10.1",
      "100.64.0.1",
      "::1",
      "fe80::1",
      "fd12:3456:789a::1",
      "::ffff:192.168.1.20",
    ])
      expect(isLocalAddress(ip), ip).toBe(true);
    for (const ip of ["8.8.8.8", "172.32.0.1", "192.169.0.1", "2001:4860:4860::8888", "::ffff:8.8.8.8", "not an address"])
      expect(isLocalAddress(ip), ip).toBe(false);
  });

  it("names countries in English", () => {
    expect(countryName("US")).toBe("United States");
    expect(countryName("de")).toBe("Germany");
    expect(countryName("GB")).toBe("United Kingdom");
    for (const code of [null, "", "USA", "1A", "ZZ"]) expect(countryName(code), String(code)).toBeNull();
  });

  it("finds the country of a public address in DB-IP's database, and says so for the others", async () => {
    expect(await placeOf("8.8.8.8")).toBe("United States");
    expect(await placeOf("::ffff:8.8.8.8")).toBe("United States");
    expect(await placeOf("81.2.69.142")).toBe("United Kingdom");
    expect(await placeOf("192.168.1.20")).toBe(text.localNetwork);
    expect(await placeOf("::1")).toBe(text.localNetwork);
    for (const ip of [null, "", "unknown", "999.1.1.1"]) expect(await placeOf(ip), String(ip)).toBe(text.unknownPlace);
    // Documentation addresses (RFC 5737) are in no country.
    expect(await placeOf("192.0.2.1")).toBe(text.unknownPlace);
  });

  it("reads the database once, on the first lookup, however many arrive together", async () => {
    let opened = 0;
    const lookup = countryLookup(() => {
      opened++;
      return openDbIpCountry();
    });
    expect(opened).toBe(0);
    const places = await Promise.all(["8.8.8.8", "81.2.69.142", "1.1.1.1", "8.8.4.4"].map((ip) => placeOf(ip, lookup)));
    expect(places).toEqual(["United States", "United Kingdom", "Australia", "United States"]);
    expect(await placeOf("8.8.8.8", lookup)).toBe("United States");
    expect(opened).toBe(1);
  });

  it("shows an unknown place when the database cannot be read, and tries again at the next lookup", async () => {
    let opened = 0;
    const warnings: string[] = [];
    const lookup = countryLookup(() => {
      opened++;
      return opened === 1 ? Promise.reject(new Error("ENOENT: no such file")) : openDbIpCountry();
    });
    const logger = { warn: (_: unknown, message: string) => warnings.push(message) };
    expect(await Promise.all([placeOf("8.8.8.8", lookup, logger), placeOf("1.1.1.1", lookup, logger)])).toEqual([
      text.unknownPlace,
      text.unknownPlace,
    ]);
    expect(warnings).toHaveLength(2);
    expect(await placeOf("8.8.8.8", lookup, logger)).toBe("United States");
    expect(opened).toBe(2);
  });
});
