/**
 * The quote modal of each landing page: its leadType and its own fields after name, phone and
 * email, with the option lists of spec 001 section 3. Browser-safe; the schemas themselves load
 * on first use (see landingFormSchema).
 */
import type { z } from "zod";
import type { LandingSlug } from "~/content/landing-pages";
import { landing } from "~/content/options";
import type { landingLeadTypes } from "./lead-types";

export type LandingLeadType = keyof typeof landingLeadTypes;

export type LandingField = {
  name: string;
  label: string;
  /** The first, empty option. */
  placeholder: string;
  options: readonly string[];
  required: boolean;
};

export type LandingForm = { leadType: LandingLeadType; fields: LandingField[] };

const select = (
  name: string,
  label: string,
  options: readonly string[],
  required: boolean,
  placeholder = `Select ${label.toLowerCase()}`,
): LandingField => ({
  name,
  label,
  placeholder,
  options,
  required,
});

export const landingForms: Record<LandingSlug, LandingForm> = {
  trucking: {
    leadType: "trucking_quote_landing",
    fields: [
      // dotNumber is a text field; the form draws it specially.
      { name: "dotNumber", label: "DOT Number", placeholder: "e.g. 1234567", options: [], required: true },
      select("coverageNeeded", "Coverage Needed", landing.trucking.coverageNeeded, true, "Select coverage type"),
      select("fleetSize", "Fleet Size", landing.trucking.fleetSize, false),
    ],
  },
  contractors: {
    leadType: "contractors_quote_landing",
    fields: [
      select("businessType", "Business Type", landing.contractors.businessType, true),
      select("coverageNeeded", "Coverage Needed", landing.contractors.coverageNeeded, true, "Select coverage type"),
      select("yearsInBusiness", "Years in Business", landing.contractors.yearsInBusiness, false),
    ],
  },
  "general-liability": {
    leadType: "general_liability_quote_landing",
    fields: [
      select("businessType", "Business Type", landing.generalLiability.businessType, true),
      select("coverageNeeded", "Coverage Amount", landing.generalLiability.coverageNeeded, true),
      select("annualRevenue", "Annual Revenue", landing.generalLiability.annualRevenue, false),
    ],
  },
  "commercial-property": {
    leadType: "commercial_property_quote_landing",
    fields: [
      select("propertyType", "Property Type", landing.commercialProperty.propertyType, true),
      select("coverageNeeded", "Coverage Needed", landing.commercialProperty.coverageNeeded, true, "Select coverage type"),
      select("propertyValue", "Property Value", landing.commercialProperty.propertyValue, false),
    ],
  },
  hoa: {
    leadType: "hoa_quote_landing",
    fields: [
      select("hoaType", "HOA Type", landing.hoa.hoaType, true, "Select HOA type"),
      select("coverageNeeded", "Coverage Needed", landing.hoa.coverageNeeded, true, "Select coverage type"),
      select("numberOfUnits", "Number of Units", landing.hoa.numberOfUnits, false),
    ],
  },
  "investment-property": {
    leadType: "investment_property_quote_landing",
    fields: [
      select("propertyType", "Property Type", landing.investmentProperty.propertyType, true),
      select("coverageNeeded", "Coverage Needed", landing.investmentProperty.coverageNeeded, true, "Select coverage type"),
      select("numberOfProperties", "Number of Properties", landing.investmentProperty.numberOfProperties, false),
    ],
  },
};

/** The browser's validator for a modal: the leadType's API schema without the fields the page adds. */
export async function landingFormSchema(leadType: LandingLeadType) {
  const m = await import("./landing-schemas");
  const schema = m.landingSchemas[leadType] as unknown as z.ZodObject<z.ZodRawShape>;
  return schema.omit({ leadType: true, submissionType: true, source: true });
}
