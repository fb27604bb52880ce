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
