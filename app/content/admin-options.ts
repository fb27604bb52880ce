/** The back office's option lists (spec 001 section 3); see options.ts. */

/** Jobs (spec 001 section 3). */
export const jobTypes = ["Full-time", "Part-time", "Internship"] as const;
export const jobWorkTypes = ["Remote", "On-site", "Hybrid"] as const;
export const applicationStatuses = ["pending", "reviewed", "accepted", "rejected"] as const;

/** Blog. */
export const blogStatuses = ["draft", "published"] as const;
/** The post form's fallback when categories cannot be loaded (spec 001 section 3). */
export const fallbackBlogCategories = ["Technology", "AI/ML", "Cloud", "Security", "Development"] as const;
/** The categories a new installation starts with. */
export const seedBlogCategories = [
  "Commercial Trucking",
  "Contractors",
  "General Liability",
  "Commercial Property",
  "HOA",
  "Investment Property",
  "Risk Management",
  "Cyber Security",
] as const;

/** Lead pipeline statuses of the leads inbox. */
export const leadStatuses = ["new", "contacted", "quoted", "won", "lost"] as const;

/** Where a lead added by staff came from (docs/decisions/052): the person phoned, walked in, or was referred. */
export const staffLeadSources = ["Phone", "Walk-in", "Referral"] as const;
/** The leadType of a lead a colleague added in the back office, and its submissionType. */
export const staffLead = { leadType: "staff_added", submissionType: "Added by Staff" } as const;

/**
 * A won lead's line of business (issue 35): the agency's six lines and the coverages its commercial
 * clients most often bind beside them.
 */
export const outcomeLines = [
  "Commercial Trucking",
  "Contractors",
  "General Liability",
  "Commercial Property",
  "HOA",
  "Investment Property",
  "Commercial Auto",
  "Workers' Compensation",
  "Commercial Umbrella",
  "Business Owner's Policy",
  "Other",
] as const;

/** Why a lead was lost, as the outcome form and PATCH /api/leads/:id `outcome.lostReason` name them. */
export const lostReasons = ["price", "coverage", "another_agent", "unreachable", "not_eligible", "other"] as const;
export const lostReasonLabels: Record<(typeof lostReasons)[number], string> = {
  price: "Price",
  coverage: "Coverage",
  another_agent: "Chose another agent",
  unreachable: "Could not reach",
  not_eligible: "Not eligible",
  other: "Other",
};
