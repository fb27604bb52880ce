import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads, mailOutbox } from "#db/schema";
import { landing } from "../../app/content/options";
import { landingMessages } from "../../app/features/leads/landing-schemas";
import { landingLeadTypes } from "../../app/features/leads/lead-types";
import { databaseKinds } from "../support/databases";
import { startTestServer } from "../support/server";

const person = { name: "Marisol Vega", phone: "(512) 555-0177", email: "marisol@vega-holdings.example" };

/** For each landing page: a valid body (its own fields), the required field to drop, and its message. */
const cases = [
  [
    "trucking_quote_landing",
    { dotNumber: "3141592", coverageNeeded: landing.trucking.coverageNeeded[0], fleetSize: "2-5 trucks" },
    "dotNumber",
    landingMessages.dotNumber,
  ],
  [
    "contractors_quote_landing",
    { businessType: "Roofer", coverageNeeded: "General Liability", yearsInBusiness: "6-10 years" },
    "businessType",
    landingMessages.businessType,
  ],
  [
    "general_liability_quote_landing",
    { businessType: "Restaurant", coverageNeeded: "$2M", annualRevenue: "$500K - $1M" },
    "coverageNeeded",
    landingMessages.coverageAmount,
  ],
  [
    "commercial_property_quote_landing",
    { propertyType: "Warehouse", coverageNeeded: "Building & Contents", propertyValue: "$1M - $5M" },
    "propertyType",
    landingMessages.propertyType,
  ],
  [
    "hoa_quote_landing",
    { hoaType: "Townhome", coverageNeeded: "D&O Liability", numberOfUnits: "51-100 units" },
    "hoaType",
    landingMessages.hoaType,
  ],
  [
    "investment_property_quote_landing",
    { propertyType: "Vacation Rental", coverageNeeded: "Loss of Rental Income", numberOfProperties: "2-5 properties" },
    "coverageNeeded",
    landingMessages.coverageType,
  ],
] as const;

describe.each(databaseKinds)("landing-page leads on %s", (kind) => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    server = await startTestServer(kind, { RATE_LIMIT_FORMS_MAX: "1000" });
  });
  afterAll(async () => {
    await server?.close();
  });
  const post = (body: unknown) =>
    fetch(`${server.url}/api/submit-lead`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it.each(cases)("%s: stored with the exact submissionType, source and leadType, and its fields", async (leadType, fields) => {
    const { submissionType, source, line } = landingLeadTypes[leadType];
    const email = `${leadType}@vega-holdings.example`;
    const res = await post({ ...person, email, ...fields, leadType, submissionType, source, submissionDate: new Date().toISOString() });
    expect(res.status).toBe(201);
    const { reference } = await res.json();
    const [row] = await server.services.db.select().from(leads).where(eq(leads.reference, reference));
    expect(row).toMatchObject({ leadType, submissionType, source, service: line, name: person.name, phone: person.phone, email });
    expect(row.payload).toMatchObject(fields);
    const mails = await server.services.db.select().from(mailOutbox).where(eq(mailOutbox.leadId, row.id));
    expect(mails.find((m) => m.kind === "agency_notification")?.subject).toBe(`Quote Request for ${line}`);
    expect(mails.find((m) => m.kind === "visitor_autoreply")?.toAddress).toBe(email);
  });

  it.each(cases)("%s: the required %s field missing is refused with the spec's message", async (leadType, fields, field, message) => {
    const { submissionType, source } = landingLeadTypes[leadType];
    const body: Record<string, unknown> = { ...person, ...fields, leadType, submissionType, source };
    delete body[field];
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((await res.json()).errors[field]).toBe(message);
  });

  it("applies the landing pages' name, phone and email messages, and rejects options not on the lists", async () => {
    const { submissionType, source } = landingLeadTypes.hoa_quote_landing;
    const res = await post({
      leadType: "hoa_quote_landing",
      submissionType,
      source,
      name: "A",
      phone: "12",
      email: "nope",
      hoaType: "Castle",
      coverageNeeded: "General Liability",
      numberOfUnits: "a million",
    });
    expect(res.status).toBe(400);
    const { errors } = await res.json();
    expect(errors).toMatchObject({
      name: landingMessages.name,
      phone: landingMessages.phone,
      email: landingMessages.email,
      hoaType: landingMessages.hoaType,
      numberOfUnits: "Please choose one of the listed unit counts",
    });
  });

  it("refuses a landing lead sent with another page's submissionType", async () => {
    const res = await post({
      ...person,
      ...cases[0][1],
      leadType: "trucking_quote_landing",
      submissionType: "HOA Insurance Quote - Landing Page",
      source: "Trucking Landing Page",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors.submissionType).toBe('submissionType must be "Commercial Trucking Quote - Landing Page"');
  });
});
