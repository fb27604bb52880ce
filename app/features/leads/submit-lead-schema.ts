/**
 * POST /api/submit-lead: one schema per leadType, told apart by `leadType` with its exact
 * submissionType and source. Browser-safe.
 */
import { z } from "zod";
import { productServiceTypes } from "~/content/options";
import { truckingQuoteLeadSchema } from "~/features/quote/trucking-quote-schema";
import {
  commercialPropertyLandingSchema,
  contractorsLandingSchema,
  generalLiabilityLandingSchema,
  hoaLandingSchema,
  investmentPropertyLandingSchema,
  leadCommonFields,
  truckingLandingSchema,
} from "./landing-schemas";
import { landingLeadTypes } from "./lead-types";
import { sideQuoteFormSchema } from "./schema";

/** The side quote form of each /insurance/* product page. */
export const productQuote = {
  leadType: "product_page_quote",
  submissionType: "Product Page Quote Request",
  source: "Product Page Quote Form",
} as const;

export const productQuoteLeadSchema = z.object({
  leadType: z.literal(productQuote.leadType),
  submissionType: z.literal(productQuote.submissionType, { error: `submissionType must be "${productQuote.submissionType}"` }),
  source: z.literal(productQuote.source, { error: `source must be "${productQuote.source}"` }),
  serviceType: z.enum(productServiceTypes, { error: "Please choose one of our insurance products" }),
  ...sideQuoteFormSchema.shape,
  ...leadCommonFields,
});

export { landingLeadTypes };

export const leadSchemas = [
  productQuoteLeadSchema,
  truckingQuoteLeadSchema,
  truckingLandingSchema,
  contractorsLandingSchema,
  generalLiabilityLandingSchema,
  commercialPropertyLandingSchema,
  hoaLandingSchema,
  investmentPropertyLandingSchema,
] as const;
export const knownLeadTypes: string[] = leadSchemas.map((s) => s.shape.leadType.value);

export const submitLeadSchema = z.discriminatedUnion("leadType", leadSchemas, {
  error: (issue) => (issue.code === "invalid_union" ? `leadType must be one of: ${knownLeadTypes.join(", ")}` : undefined),
});
export type SubmitLeadBody = z.output<typeof submitLeadSchema>;
