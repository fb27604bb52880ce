/**
 * The agency's settings on a real server and database: GET/PATCH /api/admin/settings round-trip, every
 * refusal of bad input (the field's error, nothing saved in part), the Settings screen's form as a
 * browser without scripts posts it (saved, audited, the holidays in one click, a stale page refused),
 * the seeded defaults, and the store every process keeps in step.
 */
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, siteSettings } from "#db/schema";
import { type AgencyProfile, WEEKDAYS } from "../../app/content/site-facts";
import { defaultProfile } from "../../app/content/site-profile";
import { settingsMessages } from "../../app/features/settings/messages";
import { federalHolidays, profileVersion } from "../../app/features/settings/profile.server";
import { PROFILE_KEY, readProfile, SiteStore } from "../../app/features/settings/site.server";
import { ensureAdmin, signIn } from "../support/admin";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

const m = settingsMessages.fields;

/** The profile as the Settings form posts it. */
function formFields(profile: AgencyProfile, extra: Record<string, string> = {}): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(profile)) {
    if (key === "hours") {
      for (const day of WEEKDAYS) {
        const h = profile.hours[day];
        body.append(`hours.${day}.opens`, h?.opens ?? "");
        body.append(`hours.${day}.closes`, h?.closes ?? "");
        if (!h) body.append(`hours.${day}.closed`, "on");
      }
    } else if (key === "social") {
      for (const [network, url] of Object.entries(profile.social)) body.append(`social.${network}`, url);
    } else if (key === "licensedStates") {
      for (const state of profile.licensedStates) body.append("licensedStates", state);
    } else if (key === "closedDays") {
      body.append("closedDays", profile.closedDays.join("\n"));
    } else body.append(key, String(value));
  }
  for (const [k, v] of Object.entries(extra)) body.set(k, v);
  return body;
}

describe.each(databaseKinds)("settings on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  let cookie: string;
  const db = () => server.services.db;
  const api = (method: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/admin/settings`, {
      method,
      headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const patch = async (body: unknown) => {
    const res = await api("PATCH", body);
    return {
      status: res.status,
      json: (await res.json()) as { success: boolean; message: string; errors?: Record<string, string>; data?: AgencyProfile },
    };
  };
  const post = (body: URLSearchParams) =>
    fetch(`${server.url}/admin/settings`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, "content-type": "application/x-www-form-urlencoded" },
      body,
    });

  beforeAll(async () => {
    server = await startTestServer(kind);
    await ensureAdmin(server.services);
    cookie = await signIn(server.url);
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it("seeds the first-run defaults once: today's content, stored", async () => {
    const [row] = await db().select().from(siteSettings).where(eq(siteSettings.key, PROFILE_KEY));
    expect(row.value).toEqual(defaultProfile);
    expect(await readProfile(db())).toEqual(defaultProfile);
  });

  it("answers the stored profile to an admin only", async () => {
    const anonymous = await fetch(`${server.url}/api/admin/settings`);
    expect(anonymous.status).toBe(401);
    const res = await api("GET");
    expect(res.status).toBe(200);
    const json = (await res.json()) as { data: AgencyProfile };
    expect(json.data.phone).toBe(defaultProfile.phone);
    expect(json.data.closedDays).toEqual([]);
  });

  it("saves a PATCH of some fields, merges hours day by day, and gives back the same fields", async () => {
    const { status, json } = await patch({
      phone: "(737) 555-0199",
      closedDays: ["2026-12-25", "2026-11-26"],
      hours: { friday: { opens: "08:00", closes: "12:00" } },
      contactMinutes: 20,
    });
    expect(status).toBe(200);
    expect(json.message).toBe(settingsMessages.saved);
    expect(json.data?.phone).toBe("(737) 555-0199");
    expect(json.data?.closedDays).toEqual(["2026-11-26", "2026-12-25"]);
    expect(json.data?.hours.friday).toEqual({ opens: "08:00", closes: "12:00" });
    expect(json.data?.hours.monday).toEqual({ opens: "09:00", closes: "17:00" });
    const stored = await readProfile(db());
    expect(stored).toEqual(json.data);
    // GET gives what PATCH takes: sending it back changes nothing.
    const again = await patch(stored);
    expect(again.status).toBe(200);
    expect(again.json.message).toBe(settingsMessages.unchanged);
    // This process serves the change at once.
    expect(server.services.site.current().facts.agency.phone.primary).toEqual({ display: "(737) 555-0199", e164: "+17375550199" });
  });

  it("writes who changed which fields, with old and new values of the agency's details, to the audit trail", async () => {
    await patch({ email: "hello@hillcountry.example", tagline: "Coverage for Texas businesses." });
    const [entry] = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "settings_changed"))
      .orderBy(auditEvents.at)
      .then((rows) => rows.slice(-1));
    expect(entry.adminEmail).toBe("admin@agency.example");
    expect(entry.detail).toEqual({
      fields: ["tagline", "email"],
      changes: {
        tagline: { from: defaultProfile.tagline, to: "Coverage for Texas businesses." },
        email: { from: defaultProfile.email, to: "hello@hillcountry.example" },
      },
    });
  });

  it.each([
    [{ phone: "call us" }, "phone", m.phone],
    [{ phone: "555-0142" }, "phone", m.phone],
    [{ secondPhone: "12" }, "secondPhone", m.secondPhone],
    [{ email: "quotes@" }, "email", m.email],
    [{ zip: "7864" }, "zip", m.zip],
    [{ gaMeasurementId: "UA-12345-1" }, "gaMeasurementId", m.gaMeasurementId],
    [{ hours: { monday: { opens: "17:00", closes: "09:00" } } }, "hours.monday.closes", m.closesBeforeOpens],
    [{ hours: { tuesday: { opens: "9am", closes: "17:00" } } }, "hours.tuesday.opens", m.time],
    [{ closedDays: ["2026-02-30"] }, "closedDays", m.closedDays("2026-02-30")],
    [{ closedDays: ["next friday"] }, "closedDays", m.closedDays("next friday")],
    [{ residentState: "Oregon" }, "residentState", m.residentState],
    [{ licensedStates: [] }, "licensedStates", m.licensedStates],
    [{ social: { facebook: "javascript:alert(1)" } }, "social.facebook", m.social],
    [{ contactMinutes: 0 }, "contactMinutes", m.contactMinutes],
    [{ foundedYear: 3000 }, "foundedYear", m.foundedYear(new Date().getFullYear())],
    [{ state: "XX" }, "state", m.state],
    [{ colour: "red" }, "colour", m.unknown("colour")],
  ])("refuses %j with the field's error and saves nothing", async (input, field, message) => {
    const before = await readProfile(db());
    const { status, json } = await patch({ name: "Half Saved Insurance", ...input });
    expect(status).toBe(400);
    expect(json.success).toBe(false);
    expect(json.errors?.[field]).toBe(message);
    expect(await readProfile(db())).toEqual(before);
  });

  it("refuses a body that is not an object of settings", async () => {
    expect((await api("PATCH", [1, 2])).status).toBe(400);
    const res = await fetch(`${server.url}/api/admin/settings`, {
      method: "PATCH",
      headers: { cookie, "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
  });

  it("saves the screen's form posted without scripts, and adds a year's federal holidays in one click", async () => {
    const current = await readProfile(db());
    const res = await post(formFields({ ...current, city: "Leander" }, { baseVersion: profileVersion(current) }));
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/admin/settings");
    expect((await readProfile(db())).city).toBe("Leander");

    const now = await readProfile(db());
    const year = new Date().getFullYear() + 1;
    const holidays = await post(formFields(now, { baseVersion: profileVersion(now), intent: `holidays:${year}` }));
    expect(holidays.status).toBe(303);
    const saved = await readProfile(db());
    for (const { date } of await federalHolidays(year)) expect(saved.closedDays).toContain(date);
    expect((await federalHolidays(year)).length).toBeGreaterThanOrEqual(10);
  });

  it("shows a refused form's errors beside their fields, keeps what was sent, and saves nothing", async () => {
    const current = await readProfile(db());
    const res = await post(formFields({ ...current, zip: "ABCDE", name: "Changed Name Agency" }, { baseVersion: profileVersion(current) }));
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(m.zip);
    expect(html).toContain('value="Changed Name Agency"');
    expect((await readProfile(db())).name).toBe(current.name);
  });

  it("stores a PNG logo sent with the form, serves it for a year, and refuses an SVG with script, saving nothing", async () => {
    const multipart = (profile: AgencyProfile, file: Blob, name: string) => {
      const body = new FormData();
      for (const [k, v] of formFields(profile, { baseVersion: profileVersion(profile) })) body.append(k, v);
      body.append("logoFile", file, name);
      return fetch(`${server.url}/admin/settings`, { method: "POST", redirect: "manual", headers: { cookie }, body });
    };
    const png = await sharp({ create: { width: 600, height: 200, channels: 4, background: "#112f57" } })
      .png()
      .toBuffer();
    const before = await readProfile(db());
    const saved = await multipart(before, new Blob([new Uint8Array(png)], { type: "image/png" }), "logo.png");
    expect(saved.status).toBe(303);
    const { logo } = await readProfile(db());
    expect(logo).toMatch(/^\/site-images\/logo-[\w-]+\.png$/);
    const image = await fetch(`${server.url}${logo}`);
    expect(image.status).toBe(200);
    expect(image.headers.get("cache-control")).toContain("immutable");
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).height).toBe(128);

    const now = await readProfile(db());
    const script = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>';
    const refused = await multipart({ ...now, city: "Bertram" }, new Blob([script], { type: "image/svg+xml" }), "logo.svg");
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain(m.logoScript.replace(/'/g, "&#x27;"));
    const notImage = await multipart({ ...now, city: "Bertram" }, new Blob(["%PDF-1.7 not a picture"], { type: "image/png" }), "logo.png");
    expect(notImage.status).toBe(400);
    expect(await readProfile(db())).toEqual(now);
  });

  it("refuses a save made from a page older than the stored settings (409)", async () => {
    const stale = await readProfile(db());
    await patch({ city: "Georgetown" });
    const res = await post(formFields({ ...stale, city: "Cedar Park" }, { baseVersion: profileVersion(stale) }));
    expect(res.status).toBe(409);
    expect(await res.text()).toContain(settingsMessages.conflict.replace(/'/g, "&#x27;"));
    expect((await readProfile(db())).city).toBe("Georgetown");
  });

  it("keeps a second process's store in step: it hears a committed change and reads it again", async () => {
    const other = new SiteStore(db(), server.services.site.current());
    await other.follow(server.services.database);
    const heard = new Promise<string>((resolve) => other.onChange((s) => resolve(s.profile.phone)));
    try {
      await patch({ phone: "(512) 555-0100" });
      const started = performance.now();
      expect(await heard).toBe("(512) 555-0100");
      expect(performance.now() - started).toBeLessThan(5000);
    } finally {
      await other.stop();
    }
  });
});
