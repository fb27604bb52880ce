/**
 * The landing pages' leadTypes with their exact submissionType and source (spec 001 section 7).
 * Plain constants, so browser code can read them without loading the schemas.
 */
export const landingLeadTypes = {
  trucking_quote_landing: {
    submissionType: "Commercial Trucking Quote - Landing Page",
    source: "Trucking Landing Page",
    line: "Commercial Trucking",
  },
  contractors_quote_landing: {
    submissionType: "Contractors Insurance Quote - Landing Page",
    source: "Contractors Landing Page",
    line: "Contractors Insurance",
  },
  general_liability_quote_landing: {
    submissionType: "General Liability Insurance Quote - Landing Page",
    source: "General Liability Landing Page",
    line: "General Liability",
  },
  commercial_property_quote_landing: {
    submissionType: "Commercial Property Insurance Quote - Landing Page",
    source: "Commercial Property Landing Page",
    line: "Commercial Property",
  },
  hoa_quote_landing: { submissionType: "HOA Insurance Quote - Landing Page", source: "HOA Landing Page", line: "HOA Insurance" },
  investment_property_quote_landing: {
    submissionType: "Investment Property Insurance Quote - Landing Page",
    source: "Investment Property Landing Page",
    line: "Investment Property",
  },
} as const;
