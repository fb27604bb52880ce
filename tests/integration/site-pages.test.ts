/**
 * Every public page shows the stored profile, live: a profile saved in the database (as Settings
 * saves it) changes the home page, a product page, a landing page, the footer, the JSON-LD, the
 * analytics and WhatsApp settings, and the SMS consent wording a consent record stores, on the
 * running server, without a rebuild.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consentRecords } from "#db/schema";
import type { AgencyProfile } from "../../app/content/site-facts";
import { defaultProfile, defaultSite, siteFacts } from "../../app/content/site-profile";
import { smsConsent } from "../../app/content/sms-consent";
import { saveProfile } from "../../app/features/settings/site.server";
import { startTestServer } from "../support/server";

type Server = Awaited<ReturnType<typeof startTestServer>>;

const saved: AgencyProfile = {
  ...defaultProfile,
  name: "Bluebonnet Risk Partners",
  shortName: "Bluebonnet Risk",
  phone: "(737) 555-0199",
  secondPhone: "",
  email: "hello@bluebonnet.example",
  street: "500 Congress Avenue",
  city: "Austin",
  zip: "78701",
  hours: { ...defaultProfile.hours, friday: { opens: "09:00", closes: "12:00" }, saturday: { opens: "10:00", closes: "14:00" } },
  licensedStates: ["Oklahoma", "Texas"],
  contactMinutes: 15,
  social: { ...defaultProfile.social, facebook: "https://www.facebook.com/bluebonnet-risk" },
  whatsapp: "(737) 555-0123",
  gaMeasurementId: "G-BLUEBONNET1",
};

/** The page's JSON-LD blocks, parsed. */
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
}

/** The footer's markup. */
function footer(html: string): string {
  const start = html.indexOf("<footer");
  return html.slice(start, html.indexOf("</footer>", start));
}

describe("public pages read the stored profile", () => {
  let server: Server;
  const page = async (path: string) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status, path).toBe(200);
    // React's markers between adjacent texts ("<!-- -->") are left out, so texts are matched as read.
    return { html: (await res.text()).replaceAll("<!-- -->", ""), csp: res.headers.get("content-security-policy") ?? "" };
  };
  const postConsent = (version: string) =>
    fetch(`${server.url}/api/sms-consent`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        name: "Rosa Delgado",
        email: "rosa@delgado.example",
        phone: "(512) 555-0110",
        smsConsent: true,
        consentVersion: version,
      }),
    });

  beforeAll(async () => {
    server = await startTestServer("pglite", { RATE_LIMIT_FORMS_MAX: "1000" });
  });
  afterAll(async () => {
    await server?.close();
  });

  it("shows the first-run profile before anything is saved", async () => {
    const { html, csp } = await page("/");
    expect(html).toContain("<title>Commercial Insurance in Liberty Hill, TX | Hill Country Commercial Insurance</title>");
    expect(footer(html)).toContain('href="tel:+15125550142"');
    expect(footer(html)).toContain('href="tel:+15125550187"');
    expect(html).not.toContain("googletagmanager");
    expect(csp).not.toContain("googletagmanager");
    const [agency] = jsonLd(html).filter((d) => d["@type"] === "InsuranceAgency");
    expect(agency.openingHoursSpecification).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
        opens: "09:00",
        closes: "17:00",
      },
    ]);
    expect(agency).not.toHaveProperty("sameAs");
  });

  describe("after a profile is saved", () => {
    beforeAll(async () => {
      // Prime the stored pages with the old profile, so the test shows they are dropped.
      for (const path of ["/", "/insurance/contractors", "/trucking-insurance", "/sms-consent"]) await page(path);
      await saveProfile(server.services.db, saved, null);
      await server.services.site.reload();
    });

    it("the home page: title, hero, call buttons and the closing call to action", async () => {
      const { html } = await page("/");
      expect(html).toContain("<title>Commercial Insurance in Austin, TX | Bluebonnet Risk Partners</title>");
      expect(html).toMatch(/<meta property="og:site_name" content="Bluebonnet Risk Partners"\/?>/);
      expect(html).toContain("Independent commercial insurance agency in Austin, Texas");
      expect(html).toContain("Licensed in 2 states");
      expect(html).toContain("Why businesses choose Bluebonnet Risk");
      expect(html).toContain('href="tel:+17375550199"');
      expect(html).toContain("Call (737) 555-0199");
      expect(html).toContain(
        "Prefer to talk? Call (737) 555-0199, Monday - Thursday, 9:00 AM - 5:00 PM; Friday, 9:00 AM - 12:00 PM; Saturday, 10:00 AM - 2:00 PM.",
      );
      expect(html).not.toContain("(512) 555-0142");
      expect(html).not.toContain("Licensed in 17 states");
    });

    it("the footer: hours rows, address, phone, email and the social links", async () => {
      const html = footer((await page("/about")).html);
      expect(html).toContain("500 Congress Avenue, Austin, TX 78701");
      expect(html).toContain('href="tel:+17375550199"');
      // No second number in this profile: one tel: link.
      expect(html.match(/href="tel:/g)).toHaveLength(1);
      expect(html).toContain('href="mailto:hello@bluebonnet.example"');
      expect(html).toContain("An independent commercial insurance agency in Austin, Texas, licensed in 2 states.");
      expect(html).toContain("<dt>Monday - Thursday:</dt><dd>9:00 AM - 5:00 PM</dd>");
      expect(html).toContain("<dt>Friday:</dt><dd>9:00 AM - 12:00 PM</dd>");
      expect(html).toContain("<dt>Saturday:</dt><dd>10:00 AM - 2:00 PM</dd>");
      expect(html).toContain("<dt>Sunday:</dt><dd>Closed</dd>");
      expect(html).toMatch(/<ul[^>]*aria-label="Social media"/);
      expect(html).toMatch(
        /<a href="https:\/\/www\.facebook\.com\/bluebonnet-risk"[^>]*>Facebook<span class="sr-only"> \(Bluebonnet Risk Partners\)<\/span><\/a>/,
      );
      expect(html).toContain("Bluebonnet Risk Partners. All rights reserved.");
    });

    it("the contact page: address, phone, email and the business hours, Saturday and Sunday on their own rows", async () => {
      const { html } = await page("/contact");
      expect(html).toContain("<title>Contact Us | Bluebonnet Risk Partners</title>");
      // Stored pages are trimmed like the build's, which writes void elements without their slash.
      expect(html).toMatch(/Bluebonnet Risk Partners<br\/?>500 Congress Avenue, Austin, TX 78701/);
      expect(html).toContain("Email hello@bluebonnet.example");
      expect(html).toContain(
        "Office hours Mon-Thu 9:00 AM - 5:00 PM, Fri 9:00 AM - 12:00 PM, Sat 10:00 AM - 2:00 PM; we reply within 15 minutes.",
      );
      const hours = html.slice(
        html.indexOf('data-testid="business-hours"'),
        html.indexOf("</dl>", html.indexOf('data-testid="business-hours"')),
      );
      expect([...hours.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => `${m[1]}: ${m[2]}`)).toEqual([
        "Monday - Thursday: 9:00 AM - 5:00 PM",
        "Friday: 9:00 AM - 12:00 PM",
        "Saturday: 10:00 AM - 2:00 PM",
        "Sunday: Closed",
      ]);
    });

    it("the agency's JSON-LD: name, phone, address, hours per weekday, states and profiles", async () => {
      const [agency] = jsonLd((await page("/")).html).filter((d) => d["@type"] === "InsuranceAgency");
      expect(agency).toMatchObject({
        name: "Bluebonnet Risk Partners",
        telephone: "+17375550199",
        email: "hello@bluebonnet.example",
        address: { streetAddress: "500 Congress Avenue", addressLocality: "Austin", addressRegion: "TX", postalCode: "78701" },
        areaServed: ["Oklahoma, US", "Texas, US"],
        sameAs: ["https://www.facebook.com/bluebonnet-risk"],
      });
      expect(agency.openingHoursSpecification).toEqual([
        {
          "@type": "OpeningHoursSpecification",
          dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday"],
          opens: "09:00",
          closes: "17:00",
        },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Friday"], opens: "09:00", closes: "12:00" },
        { "@type": "OpeningHoursSpecification", dayOfWeek: ["Saturday"], opens: "10:00", closes: "14:00" },
      ]);
    });

    it("a product page: its copy, call-back promise, licensed states and title", async () => {
      const { html } = await page("/insurance/contractors");
      expect(html).toContain("<title>Contractors Insurance | Bluebonnet Risk Partners</title>");
      expect(html).toContain(
        "Call (737) 555-0199 or submit the quote form and a licensed agent contacts you within 15 minutes during office hours (Monday - Thursday, 9:00 AM - 5:00 PM; Friday, 9:00 AM - 12:00 PM; Saturday, 10:00 AM - 2:00 PM CT).",
      );
      expect(html).toContain("a licensed agent will call you back within 15 minutes.");
      expect(html).toContain("We&#x27;re licensed in 2 states");
      expect(html).toContain('href="mailto:hello@bluebonnet.example"');
      expect(html).toContain("Bluebonnet Risk Partners writes contractors insurance wherever we hold a license.");
      const states = html.slice(html.indexOf('data-testid="licensed-states"'));
      expect(states.slice(0, states.indexOf("</ul>")).match(/<li /g)).toHaveLength(2);
      expect(html).not.toContain("within 30 minutes");
    });

    it("a landing page: its copy, the availability note and the call buttons", async () => {
      const { html } = await page("/trucking-insurance");
      expect(html).toContain("<title>Commercial Trucking Insurance Quotes | Bluebonnet Risk Partners</title>");
      expect(html).toContain("A licensed agent calls you back within 15 minutes.");
      expect(html).toContain("Licensed in 2 states for interstate operations");
      expect(html).toContain("Available Monday-Thursday, 9 AM - 5 PM; Friday, 9 AM - 12 PM; Saturday, 10 AM - 2 PM CT");
      expect(html.match(/<a href="tel:\+17375550199"/g)?.length ?? 0).toBeGreaterThanOrEqual(3);
      const faq = jsonLd(html).find((d) => d["@type"] === "FAQPage") as { mainEntity: { acceptedAnswer: { text: string } }[] };
      expect(faq.mainEntity.map((q) => q.acceptedAnswer.text).join(" ")).toContain("within 15 minutes of your request");
    });

    it("analytics and WhatsApp: the profile's values win over the environment's", async () => {
      const { html, csp } = await page("/");
      expect(html).toContain("https://www.googletagmanager.com/gtag/js?id=G-BLUEBONNET1");
      expect(csp).toContain("https://www.googletagmanager.com/gtag/js");
      // The root loader's data carries the effective number, digits only (wa.me form).
      expect(html).toContain('\\"whatsappNumber\\",\\"17375550123\\"');
      expect(html).not.toContain("15125550142");
    });

    it("the SMS consent wording names the agency, under a new version, and a consent record stores that wording", async () => {
      const consent = smsConsent(siteFacts(saved));
      expect(consent.version).not.toBe(smsConsent(defaultSite).version);
      expect(consent.version).toMatch(/^sms-consent-2025-03-24-[0-9a-f]{8}$/);
      const { html } = await page("/sms-consent");
      expect(html).toContain("I agree to receive text messages from Bluebonnet Risk Partners at the mobile number I provided");
      expect(html).toContain(`name="consentVersion" value="${consent.version}"`);

      // The wording shown before the change is refused: the record would pair it with other text.
      const stale = await postConsent(smsConsent(defaultSite).version);
      expect(stale.status).toBe(400);
      expect((await stale.json()).errors).toHaveProperty("consentVersion");

      const res = await postConsent(consent.version);
      expect(res.status).toBe(201);
      const [record] = await server.services.db.select().from(consentRecords).where(eq(consentRecords.email, "rosa@delgado.example"));
      expect(record.consentVersion).toBe(consent.version);
      expect(record.consentText).toBe(consent.plainText);
      expect(record.consentText).toContain("Bluebonnet Risk Partners");
    });
  });
});
