/**
 * The six landing pages' quote modals as POST /api/submit-lead takes them: one schema per leadType
 * (spec 001 section 5), apart from the API's union so a modal's script loads only these. Browser-safe.
 */
import { z } from "zod";
import { landing } from "~/content/options";
import { emailRule, nameRule, phoneRule, singleLineRule, submissionContextSchema } from "~/lib/field-rules";
import { landingLeadTypes } from "./lead-types";

/** The fields every lead of the API may carry beside its own. */
export const leadCommonFields = {
  submissionDate: z.iso.datetime({ offset: true, error: "submissionDate must be an ISO timestamp" }).optional(),
  website: z.string().optional(),
  ...submissionContextSchema.shape,
};

/** The spec's exact texts for the landing-page quote modals (spec 001 section 5). */
export const landingMessages = {
  name: "Please enter your name",
  phone: "Please enter a valid phone number",
  email: "Please enter a valid email",
  dotNumber: "DOT number is required",
  coverageType: "Please select coverage type",
  coverageAmount: "Please select coverage amount",
  businessType: "Please select your business type",
  propertyType: "Please select your property type",
  hoaType: "Please select your HOA type",
} as const;

const required = <T extends readonly [string, ...string[]]>(options: T, message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.enum(options, { error: message }));
const optional = <T extends readonly [string, ...string[]]>(options: T, label: string) =>
  z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(options, { error: `Please choose one of the listed ${label}` }).optional(),
  );

const landingContact = {
  name: nameRule(landingMessages.name),
  phone: phoneRule(landingMessages.phone),
  email: emailRule(landingMessages.email),
  ...leadCommonFields,
};

/** A landing page's schema: its row of the spec's table, the shared contact fields, and its own fields. */
function landingSchema<L extends keyof typeof landingLeadTypes, F extends z.ZodRawShape>(leadType: L, fields: F) {
  const { submissionType, source } = landingLeadTypes[leadType];
  return z.object({
    leadType: z.literal(leadType),
    submissionType: z.literal(submissionType, { error: `submissionType must be "${submissionType}"` }),
    source: z.literal(source, { error: `source must be "${source}"` }),
    ...landingContact,
    ...fields,
  });
}

export const truckingLandingSchema = landingSchema("trucking_quote_landing", {
  dotNumber: singleLineRule({
    message: landingMessages.dotNumber,
    max: 20,
    tooLong: "Please enter a DOT number of at most 20 characters",
  }),
  coverageNeeded: required(landing.trucking.coverageNeeded, landingMessages.coverageType),
  fleetSize: optional(landing.trucking.fleetSize, "fleet sizes"),
});
export const contractorsLandingSchema = landingSchema("contractors_quote_landing", {
  businessType: required(landing.contractors.businessType, landingMessages.businessType),
  coverageNeeded: required(landing.contractors.coverageNeeded, landingMessages.coverageType),
  yearsInBusiness: optional(landing.contractors.yearsInBusiness, "years in business"),
});
export const generalLiabilityLandingSchema = landingSchema("general_liability_quote_landing", {
  businessType: required(landing.generalLiability.businessType, landingMessages.businessType),
  coverageNeeded: required(landing.generalLiability.coverageNeeded, landingMessages.coverageAmount),
  annualRevenue: optional(landing.generalLiability.annualRevenue, "revenue ranges"),
});
export const commercialPropertyLandingSchema = landingSchema("commercial_property_quote_landing", {
  propertyType: required(landing.commercialProperty.propertyType, landingMessages.propertyType),
  coverageNeeded: required(landing.commercialProperty.coverageNeeded, landingMessages.coverageType),
  propertyValue: optional(landing.commercialProperty.propertyValue, "property values"),
});
export const hoaLandingSchema = landingSchema("hoa_quote_landing", {
  hoaType: required(landing.hoa.hoaType, landingMessages.hoaType),
  coverageNeeded: required(landing.hoa.coverageNeeded, landingMessages.coverageType),
  numberOfUnits: optional(landing.hoa.numberOfUnits, "unit counts"),
});
export const investmentPropertyLandingSchema = landingSchema("investment_property_quote_landing", {
  propertyType: required(landing.investmentProperty.propertyType, landingMessages.propertyType),
  coverageNeeded: required(landing.investmentProperty.coverageNeeded, landingMessages.coverageType),
  numberOfProperties: optional(landing.investmentProperty.numberOfProperties, "property counts"),
});

export const landingSchemas = {
  trucking_quote_landing: truckingLandingSchema,
  contractors_quote_landing: contractorsLandingSchema,
  general_liability_quote_landing: generalLiabilityLandingSchema,
  commercial_property_quote_landing: commercialPropertyLandingSchema,
  hoa_quote_landing: hoaLandingSchema,
  investment_property_quote_landing: investmentPropertyLandingSchema,
} as const;
