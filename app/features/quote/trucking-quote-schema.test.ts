import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { quoteSections } from "~/content/quote";
import { trucking, usStates } from "~/content/quote-options";
import { parseApiBody } from "~/features/leads/api-fields";
import { submitLeadSchema } from "~/features/leads/submit-lead-schema";
import { fieldMessages } from "~/lib/field-rules";
import { flattenIssues } from "~/lib/issues";
import { quoteFieldMessages } from "./field-messages";
import { quoteMessages, truckingQuoteLead } from "./messages";
import {
  optionalTruckingFields,
  truckingLeadBody,
  truckingQuoteFields,
  truckingQuoteFormSchema,
  truckingQuoteLeadSchema,
} from "./trucking-quote-schema";

/** A complete request as the form reads it from the page: every value a string, groups as lists. */
const validForm = {
  legalBusinessName: "Ortega Freight LLC",
  dbaName: "",
  businessStructure: "LLC",
  fein: "741234567",
  businessStartDate: "2019-04-01",
  businessState: "Texas",
  desiredEffectiveDate: "2030-07-01",
  rangeOfOperation: "Interstate",
  radiusOfOperation: "151–300",
  majorCities: "Austin, San Antonio, Houston",
  annualMileage: "120,000",
  annualRevenue: "$450,000",
  estimatedPayroll: "0",
  dotNumber: "3456789",
  mcNumber: "",
  allowedToOperate: "Yes",
  commonAuthority: "Yes",
  relatedBrokerAuthority: "No",
  filingsRequired: "Federal",
  insuranceOnFile: "Yes",
  garagingAddress: "200 Industrial Blvd, Georgetown, TX 78626",
  mailingAddress: "PO Box 12, Georgetown, TX 78627",
  dotAddress: "200 Industrial Blvd, Georgetown, TX 78626",
  totalPowerUnits: "3",
  totalDrivers: "4",
  vehicleOwnership: "Owned",
  transportationType: "For-Hire (General Freight)",
  coverages: ["Auto Liability", "Cargo Liability"],
  complianceServices: [],
  yearsCoverage: "5",
  cancelledOrNonrenewed: "No",
  currentCarrier: "",
  contactName: "Luis Ortega",
  contactDOB: "1980-02-29",
  email: "luis@ortega-freight.example",
  phone: "(512) 555-0123",
  referredBy: "",
  haulingDetails: "Dry van general freight; no hazmat.",
  notes: "",
};

/** Each field's first error, under the field's own name (a list's item error is the list's). */
const errorsOf = (input: Record<string, unknown>) => {
  const result = parseApiBody(truckingQuoteFormSchema, input);
  return result.ok ? {} : result.errors;
};

describe("trucking quote form schema", () => {
  it("accepts a complete request and normalises it", () => {
    const result = truckingQuoteFormSchema.parse(validForm);
    expect(result).toMatchObject({
      fein: "74-1234567",
      totalPowerUnits: 3,
      totalDrivers: 4,
      yearsCoverage: 5,
      coverages: ["Auto Liability", "Cargo Liability"],
      complianceServices: [],
      dbaName: "",
      notes: "",
    });
  });

  it("requires every field but the spec's six optional ones, with the spec's message", () => {
    const empty = Object.fromEntries(
      Object.keys(validForm).map((k) => [k, Array.isArray(validForm[k as keyof typeof validForm]) ? [] : ""]),
    );
    const errors = errorsOf(empty);
    const required = Object.keys(truckingQuoteFields).filter((k) => !(optionalTruckingFields as readonly string[]).includes(k));
    expect(Object.keys(errors).sort()).toEqual(required.sort());
    for (const name of required.filter((n) => n !== "coverages")) expect(errors[name], name).toBe(quoteFieldMessages.required);
    expect(errors.coverages).toBe("Please select at least one coverage option");
    expect(optionalTruckingFields).toEqual(["dbaName", "mcNumber", "complianceServices", "currentCarrier", "referredBy", "notes"]);
  });

  it("treats missing fields like blank ones", () => {
    const errors = errorsOf({});
    expect(errors.legalBusinessName).toBe("This field is required");
    expect(errors.totalDrivers).toBe("This field is required");
    expect(errors.businessState).toBe("This field is required");
    expect(errors.coverages).toBe(quoteFieldMessages.coverages);
    expect(errors.dbaName).toBeUndefined();
    expect(errors.complianceServices).toBeUndefined();
  });

  it("checks email and phone with the shared messages", () => {
    expect(errorsOf({ ...validForm, email: "luis@" }).email).toBe("Please enter a valid email address");
    expect(errorsOf({ ...validForm, phone: "555-01" }).phone).toBe("Please enter a valid phone number");
    expect(fieldMessages.email).toBe("Please enter a valid email address");
    expect(errorsOf({ ...validForm, email: " " }).email).toBe("This field is required");
  });

  it("checks formats: FEIN, USDOT and MC numbers, dates and counts", () => {
    expect(errorsOf({ ...validForm, fein: "12-34567" }).fein).toBe("Please enter a valid FEIN (9 digits)");
    expect(errorsOf({ ...validForm, fein: "12-3456789" })).toEqual({});
    expect(errorsOf({ ...validForm, dotNumber: "DOT123" }).dotNumber).toBe(quoteFieldMessages.dotNumber);
    expect(errorsOf({ ...validForm, mcNumber: "MC-123456" })).toEqual({});
    expect(errorsOf({ ...validForm, mcNumber: "abc" }).mcNumber).toBe(quoteFieldMessages.mcNumber);
    expect(errorsOf({ ...validForm, businessStartDate: "2023-02-30" }).businessStartDate).toBe(quoteFieldMessages.date);
    expect(errorsOf({ ...validForm, desiredEffectiveDate: "07/01/2030" }).desiredEffectiveDate).toBe(quoteFieldMessages.date);
    expect(errorsOf({ ...validForm, contactDOB: "2999-01-01" }).contactDOB).toBe(quoteFieldMessages.dateOfBirth);
    expect(errorsOf({ ...validForm, contactDOB: "1981-02-29" }).contactDOB).toBe(quoteFieldMessages.dateOfBirth);
    expect(errorsOf({ ...validForm, totalPowerUnits: "0" }).totalPowerUnits).toBe(quoteFieldMessages.wholeNumber);
    expect(errorsOf({ ...validForm, totalDrivers: "2.5" }).totalDrivers).toBe(quoteFieldMessages.wholeNumber);
    expect(errorsOf({ ...validForm, yearsCoverage: "0" })).toEqual({});
    expect(truckingQuoteFormSchema.parse({ ...validForm, totalPowerUnits: 12, totalDrivers: "1,200" })).toMatchObject({
      totalPowerUnits: 12,
      totalDrivers: 1200,
    });
  });

  it("accepts exactly the spec's options and toggles lists", () => {
    expect(errorsOf({ ...validForm, businessStructure: "LLP" }).businessStructure).toBe(quoteFieldMessages.invalidChoice);
    expect(errorsOf({ ...validForm, radiusOfOperation: "0-50" }).radiusOfOperation).toBe(quoteFieldMessages.invalidChoice);
    expect(errorsOf({ ...validForm, coverages: ["Auto Liability", "Umbrella"] }).coverages).toBe(quoteFieldMessages.invalidChoice);
    expect(
      truckingQuoteFormSchema.parse({ ...validForm, coverages: "Physical Damage", complianceServices: ["DOT Audits", "DOT Audits"] }),
    ).toMatchObject({ coverages: ["Physical Damage"], complianceServices: ["DOT Audits"] });
    for (const state of usStates) expect(errorsOf({ ...validForm, businessState: state })).toEqual({});
    expect(usStates).toHaveLength(50);
    for (const coverage of trucking.coverages) expect(errorsOf({ ...validForm, coverages: [coverage] })).toEqual({});
  });

  it("limits lengths", () => {
    expect(errorsOf({ ...validForm, notes: "x".repeat(5001) }).notes).toBe("Please keep this under 5,000 characters");
    expect(errorsOf({ ...validForm, legalBusinessName: "x".repeat(201) }).legalBusinessName).toBe("Please keep this under 200 characters");
  });

  it("describes every schema field on the page, and only those", () => {
    const onPage = quoteSections.flatMap((s) => s.fields.map((f) => ({ name: f.name, optional: Boolean(f.optional) })));
    expect(onPage.map((f) => f.name).sort()).toEqual(Object.keys(truckingQuoteFields).sort());
    expect(
      onPage
        .filter((f) => f.optional)
        .map((f) => f.name)
        .sort(),
    ).toEqual([...optionalTruckingFields].sort());
  });

  it("refuses line breaks and control characters in one-line fields; text areas keep line breaks and tabs only", () => {
    const typed = quoteSections.flatMap((s) => s.fields).filter((f) => ["text", "textarea", "email", "tel"].includes(f.kind));
    expect(typed.length).toBeGreaterThan(10);
    for (const field of typed) {
      const given = String((validForm as Record<string, unknown>)[field.name]);
      // Inside the value: surrounding white space is trimmed like any other.
      const base = given.length >= 4 ? given : "12345";
      for (const ch of ["\r\n", "\n", "\u0000", "\u001b", "\u0085", "\u2028", "\u202e"]) {
        const value = `${base.slice(0, 3)}${ch}${base.slice(3)}`;
        const result = truckingQuoteFormSchema.safeParse({ ...validForm, [field.name]: value });
        if (field.kind === "textarea") {
          const kept = ch === "\r\n" || ch === "\n" || ch === "\u2028" ? "\n" : "";
          expect(result.success, `${field.name} ${JSON.stringify(ch)}`).toBe(true);
          expect((result.data as Record<string, unknown>)[field.name]).toBe(`${base.slice(0, 3)}${kept}${base.slice(3)}`);
        } else {
          const ownMessages: Record<string, string> = {
            email: fieldMessages.email,
            phone: fieldMessages.phone,
            fein: quoteFieldMessages.fein,
            dotNumber: quoteFieldMessages.dotNumber,
            mcNumber: quoteFieldMessages.mcNumber,
          };
          const expected = ownMessages[field.name] ?? (field.optional ? quoteFieldMessages.singleLine : quoteFieldMessages.required);
          expect(result.success, `${field.name} ${JSON.stringify(ch)}`).toBe(false);
          expect(flattenIssues(result.error!.issues)[field.name], `${field.name} ${JSON.stringify(ch)}`).toBe(expected);
        }
      }
    }
    expect(truckingQuoteFormSchema.parse({ ...validForm, notes: "Prior claims:\r\n\t- 2022 cargo" }).notes).toBe(
      "Prior claims:\n\t- 2022 cargo",
    );
  });
});

describe("trucking quote lead (POST /api/submit-lead)", () => {
  const id = "3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f";
  const body = {
    ...validForm,
    ...truckingQuoteLead,
    uploadedFiles: ["cdl", "lossRuns"],
    attachments: [
      { slot: "cdl", id },
      { slot: "lossRuns", id: "7a1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f" },
    ],
    submissionDate: new Date().toISOString(),
    website: "",
    pageUrl: "http://localhost:3000/quote",
  };

  it("is part of the submit-lead union with the spec's exact names", () => {
    expect(truckingQuoteLead).toEqual({
      leadType: "commercial_trucking_quote",
      submissionType: "Commercial Trucking Quote",
      source: "Website Quote Form",
    });
    const parsed = submitLeadSchema.parse(body);
    expect(parsed).toMatchObject({
      leadType: "commercial_trucking_quote",
      uploadedFiles: ["cdl", "lossRuns"],
      fein: "74-1234567",
      businessState: "Texas",
    });
  });

  it("rejects a wrong submissionType or source", () => {
    expect(truckingQuoteLeadSchema.safeParse({ ...body, submissionType: "Trucking" }).success).toBe(false);
    expect(truckingQuoteLeadSchema.safeParse({ ...body, source: "Elsewhere" }).success).toBe(false);
  });

  it("accepts a state outside the licensed ones (the server flags it) and numbers as numbers", () => {
    expect(truckingQuoteLeadSchema.parse({ ...body, businessState: "Wyoming", totalPowerUnits: 2 })).toMatchObject({
      businessState: "Wyoming",
      totalPowerUnits: 2,
    });
  });

  it("carries documents as slot names and attachment ids, both optional", () => {
    const { uploadedFiles: _u, attachments: _a, ...withoutFiles } = body;
    expect(truckingQuoteLeadSchema.parse(withoutFiles)).toMatchObject({ uploadedFiles: [], attachments: [] });
    // As POST /api/submit-lead names them: under the body's own fields.
    const errors = (input: Record<string, unknown>) => {
      const r = parseApiBody(truckingQuoteLeadSchema, input);
      return r.ok ? {} : r.errors;
    };
    expect(errors({ ...body, uploadedFiles: ["insuranceCard"] }).uploadedFiles).toBeDefined();
    expect(errors({ ...body, attachments: [{ slot: "cdl", id: "not-a-uuid" }] }).attachments).toBeDefined();
    expect(errors({ ...body, attachments: [{ slot: "title", id }] }).attachments).toBeDefined();
    expect(
      errors({
        ...body,
        attachments: [
          { slot: "cdl", id },
          { slot: "cdl", id },
        ],
      }).attachments,
    ).toBe("The same file is attached twice");
    const many = Array.from({ length: 11 }, (_, i) => ({
      slot: "cdl",
      id: `3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e${String(i).padStart(2, "0")}`,
    }));
    expect(errors({ ...body, attachments: many }).attachments).toBe(quoteMessages.tooManyFiles(10));
  });
});

describe("the form as the browser posts it (read by Conform, in the browser and in the route's action)", () => {
  /** Every value a string, lists as repeated names, documents as `attachments[i].slot` / `attachments[i].id`. */
  function posted(values: Record<string, string | string[]>): FormData {
    const form = new FormData();
    for (const [name, value] of Object.entries(values)) for (const v of [value].flat()) form.append(name, v);
    return form;
  }
  const id = "3f1c2a4e-8b7d-4c6a-9e2f-1a2b3c4d5e6f";

  it("reads to what the schema makes of the same answers, blanks as empty text", () => {
    const submission = parseWithZod(
      posted({
        ...validForm,
        complianceServices: "DOT Audits",
        "attachments[0].slot": "cdl",
        "attachments[0].id": id,
        website: "",
        pageUrl: "http://localhost:3000/quote",
        "utm.utm_source": "google",
      }),
      { schema: truckingQuoteFormSchema },
    );
    expect(submission.status).toBe("success");
    const value = submission.status === "success" ? submission.value : undefined;
    expect(value).toEqual(
      truckingQuoteFormSchema.parse({
        ...validForm,
        complianceServices: ["DOT Audits"],
        attachments: [{ slot: "cdl", id }],
        pageUrl: "http://localhost:3000/quote",
        utm: { utm_source: "google" },
      }),
    );
    expect(value).toMatchObject({
      dbaName: "",
      mcNumber: "",
      notes: "",
      coverages: ["Auto Liability", "Cargo Liability"],
      totalPowerUnits: 3,
    });
  });

  it("reports errors under the form's field names, documents included", () => {
    const submission = parseWithZod(posted({ ...validForm, dotNumber: "DOT1", "attachments[0].slot": "cdl", "attachments[0].id": "x" }), {
      schema: truckingQuoteFormSchema,
    });
    expect(submission.status).toBe("error");
    expect(submission.status === "error" ? submission.error : undefined).toMatchObject({
      dotNumber: [quoteFieldMessages.dotNumber],
      "attachments[0].id": ["Please upload the file again"],
    });
  });

  it("maps to the body of POST /api/submit-lead once: the lead type, the time and the slots the documents fill", () => {
    const form = truckingQuoteFormSchema.parse({ ...validForm, attachments: [{ slot: "lossRuns", id }] });
    const at = new Date("2030-01-02T15:04:05.000Z");
    const body = truckingLeadBody(form, at);
    expect(body).toMatchObject({ ...truckingQuoteLead, uploadedFiles: ["lossRuns"], submissionDate: at.toISOString() });
    expect(submitLeadSchema.parse(body)).toEqual(body);
  });
});
