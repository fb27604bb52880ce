import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { defaultProfile, defaultSite, siteFacts } from "./content/site-profile";
import { agencyInbox, ConfigError, envSchema, insecureSiteWarning, loadConfig, mailFrom } from "./env.server";

function problems(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("expected the configuration to be refused");
}

describe("configuration", () => {
  it("needs nothing: every variable has a working default", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATA_DIR).toBe("./data");
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SITE_URL).toBe("http://localhost:3000");
    expect(config.GA_MEASUREMENT_ID).toBeUndefined();
    expect(config.AGENCY_INBOX).toBeUndefined();
    expect(config.MAIL_FROM).toBeUndefined();
    expect(config.LEAD_SLA_MINUTES).toBeUndefined();
    expect(config.LEAD_ESCALATE_AFTER_MINUTES).toBe(20);
  });

  it("takes the inbox, the From and the promise from the stored profile unless the environment sets them", () => {
    const renamed = siteFacts({ ...defaultProfile, name: "Ruiz, Ortega & Co", email: "office@ruiz.example" });
    const unset = loadConfig({});
    expect(agencyInbox(unset, defaultSite)).toBe("quotes@example.com");
    expect(agencyInbox(unset, renamed)).toBe("office@ruiz.example");
    expect(mailFrom(unset, defaultSite)).toBe("Hill Country Commercial Insurance <quotes@example.com>");
    // A name with a comma is quoted, so it cannot split the address in two.
    expect(mailFrom(unset, renamed)).toBe('"Ruiz, Ortega & Co" <office@ruiz.example>');
    const set = loadConfig({
      AGENCY_INBOX: "leads@agency.example",
      MAIL_FROM: "Agency <no-reply@agency.example>",
      LEAD_SLA_MINUTES: "0.05",
    });
    expect(agencyInbox(set, renamed)).toBe("leads@agency.example");
    expect(mailFrom(set, renamed)).toBe("Agency <no-reply@agency.example>");
    expect(set.LEAD_SLA_MINUTES).toBe(0.05);
    // An escalation later than the promise is no configuration error: the clock cuts it to the promise.
    expect(loadConfig({ LEAD_SLA_MINUTES: "10", LEAD_ESCALATE_AFTER_MINUTES: "20" }).LEAD_ESCALATE_AFTER_MINUTES).toBe(20);
  });

  it("names the variable and the problem", () => {
    expect(problems({ PORT: "abc" })).toMatch(/PORT must be a whole number between 0 and 65535 \(got "abc"\)/);
    expect(problems({ PORT: "70000" })).toMatch(/PORT/);
    expect(problems({ DATABASE_URL: "mysql://localhost/db" })).toMatch(/DATABASE_URL must be a PostgreSQL URL/);
    expect(problems({ SITE_URL: "example.com" })).toMatch(/SITE_URL must be a http or https URL/);
    expect(problems({ SMTP_URL: "http://mail" })).toMatch(/SMTP_URL must be a smtp or smtps URL/);
    expect(problems({ AGENCY_INBOX: "not-an-email" })).toMatch(/AGENCY_INBOX must be an email address/);
    expect(problems({ GA_MEASUREMENT_ID: "UA-1234" })).toMatch(/GA_MEASUREMENT_ID must look like G-XXXXXXXXXX/);
    expect(problems({ LOG_LEVEL: "loud" })).toMatch(/LOG_LEVEL/);
    expect(problems({ TRUST_PROXY: "maybe" })).toMatch(/TRUST_PROXY must be false, true \(one proxy\), a number of proxies/);
  });

  it("reports every bad variable at once", () => {
    const message = problems({ PORT: "x", SITE_URL: "nope" });
    expect(message).toMatch(/PORT/);
    expect(message).toMatch(/SITE_URL/);
  });

  it("never echoes secrets", () => {
    const message = problems({ SESSION_SECRET: "short-secret-value", ADMIN_EMAIL: "a@example.com", ADMIN_PASSWORD: "tiny" });
    expect(message).toMatch(/SESSION_SECRET must be at least 32 characters/);
    expect(message).toMatch(/ADMIN_PASSWORD must be at least 12 characters/);
    expect(message).not.toContain("short-secret-value");
    expect(message).not.toContain("tiny");
  });

  it("requires ADMIN_EMAIL and ADMIN_PASSWORD together", () => {
    expect(problems({ ADMIN_EMAIL: "owner@example.com" })).toMatch(/ADMIN_PASSWORD must be set when ADMIN_EMAIL is set/);
    expect(problems({ ADMIN_PASSWORD: "a-long-password-1" })).toMatch(/ADMIN_EMAIL must be set when ADMIN_PASSWORD is set/);
  });

  it("normalises SITE_URL and WHATSAPP_NUMBER", () => {
    const config = loadConfig({ SITE_URL: "https://agency.example.com/", WHATSAPP_NUMBER: "+1 (512) 555-0100" });
    expect(config.SITE_URL).toBe("https://agency.example.com");
    expect(config.secureCookies).toBe(true);
    expect(config.WHATSAPP_NUMBER).toBe("15125550100");
  });
});

describe(".env.example", () => {
  const root = path.resolve(import.meta.dirname, "..");
  const text = readFileSync(path.join(root, ".env.example"), "utf8");
  /** Every variable the file names, set or commented out (`# NAME=value`). */
  const documented = [...text.matchAll(/^#?\s?([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]);
  /** The variables it sets, as a copy to .env would. */
  const active = Object.fromEntries([...text.matchAll(/^([A-Z][A-Z0-9_]*)=(.*)$/gm)].map((m) => [m[1], m[2]]));

  it("lists every variable the server reads, and only those", () => {
    const read = Object.keys(envSchema.shape).sort();
    expect([...new Set(documented)].sort()).toEqual(read);
  });

  it("copied to .env, is a working configuration that leaves NODE_ENV to the command", () => {
    expect(active.NODE_ENV).toBeUndefined();
    expect(documented).toContain("NODE_ENV");
    const config = loadConfig(active);
    expect(config.NODE_ENV).toBe("production");
    expect(loadConfig({ ...active, NODE_ENV: "development" }).NODE_ENV).toBe("development");
  });
});

describe("a plain-http SITE_URL in production", () => {
  it("gets one warning naming what it switches off; https, or development, gets none", () => {
    const warning = insecureSiteWarning(loadConfig({ NODE_ENV: "production", SITE_URL: "http://agency.example.com" }));
    expect(warning).toMatch(/SITE_URL http:\/\/agency\.example\.com is not https/);
    expect(warning).toMatch(/Secure cookies/);
    expect(warning).toMatch(/HSTS/);
    expect(warning).toMatch(/upgrade-insecure-requests/);
    expect(insecureSiteWarning(loadConfig({ NODE_ENV: "production", SITE_URL: "https://agency.example.com" }))).toBeNull();
    expect(insecureSiteWarning(loadConfig({ NODE_ENV: "development", SITE_URL: "http://localhost:3000" }))).toBeNull();
  });
});
