/**
 * Every option list of the specification, exactly as the forms show them, in three modules so a page's
 * script carries only its own lists: the public lead forms' and the chat's here, the trucking quote's in
 * quote-options.ts, the back office's in admin-options.ts. Forms, schemas, the API and the chat assistant
 * read them from these.
 */

/** Contact form insurance types (spec 000 section 3). */
export const contactInsuranceTypes = [
  "Contractors Insurance",
  "General Liability",
  "Commercial Trucking",
  "Commercial Property",
  "HOA Insurance",
  "Investment Property",
  "Other",
] as const;

/** The service types of the six product pages (their side quote forms and notification subjects). */
export const productServiceTypes = [
  "Contractors Insurance",
  "General Liability Insurance",
  "Commercial Trucking Insurance",
  "Commercial Property Insurance",
  "HOA Insurance",
  "Investment Property Insurance",
] as const;

/** Chat intake insurance types (spec 001 section 3). */
export const chatInsuranceTypes = [
  "Contractors Insurance",
  "General Liability",
  "Commercial Property",
  "Commercial Trucking",
  "HOA Insurance",
  "Investment Property",
  "Other",
] as const;

/** Landing-page quote modals, spec 001 section 3. */
export const landing = {
  trucking: {
    coverageNeeded: ["Auto Liability", "Physical Damage", "Motor Truck Cargo", "Bobtail / NTL", "Full Package", "Other"],
    fleetSize: ["1 truck", "2-5 trucks", "6-10 trucks", "11-25 trucks", "25+ trucks"],
  },
  contractors: {
    businessType: ["General Contractor", "Electrician", "Plumber", "HVAC", "Roofer", "Carpenter", "Other"],
    coverageNeeded: ["General Liability", "Workers Compensation", "Commercial Auto", "Tools & Equipment", "Full Package", "Other"],
    yearsInBusiness: ["New Business", "1-2 years", "3-5 years", "6-10 years", "10+ years"],
  },
  /** General liability uses the lists of the earlier business form. */
  generalLiability: {
    businessType: ["Retail", "Restaurant", "Professional Services", "Manufacturing", "Healthcare", "Technology", "Other"],
    coverageNeeded: ["$1M", "$2M", "$5M", "$10M", "Other"],
    annualRevenue: ["Under $100K", "$100K - $500K", "$500K - $1M", "$1M - $5M", "Over $5M"],
  },
  commercialProperty: {
    propertyType: ["Office Building", "Retail Space", "Warehouse", "Restaurant", "Medical Facility", "Manufacturing", "Other"],
    coverageNeeded: ["Building Only", "Contents Only", "Building & Contents", "Business Interruption", "Full Package", "Other"],
    propertyValue: ["Under $100K", "$100K - $500K", "$500K - $1M", "$1M - $5M", "Over $5M"],
  },
  hoa: {
    hoaType: ["Condominium", "Townhome", "Single Family", "Mixed Use", "Gated Community", "Other"],
    coverageNeeded: ["General Liability", "Property Coverage", "D&O Liability", "Crime & Fidelity", "Full Package", "Other"],
    numberOfUnits: ["1-25 units", "26-50 units", "51-100 units", "101-250 units", "250+ units"],
  },
  investmentProperty: {
    propertyType: ["Single Family Home", "Multi-Family Unit", "Condominium", "Vacation Rental", "Commercial Rental", "Other"],
    coverageNeeded: ["Property Damage", "Liability Protection", "Loss of Rental Income", "Landlord Package", "Full Package", "Other"],
    numberOfProperties: ["1 property", "2-5 properties", "6-10 properties", "11-25 properties", "25+ properties"],
  },
} as const;

/** Covered-type grids on the property, HOA and investment landing pages. */
export const coveredTypes = {
  commercialProperty: ["Office Buildings", "Retail Spaces", "Warehouses", "Restaurants", "Medical Facilities"],
  hoa: ["Condominiums", "Townhomes", "Single Family", "Mixed Use", "Gated Communities"],
  investmentProperty: ["Single Family Homes", "Multi-Family Units", "Condominiums", "Vacation Rentals", "Commercial Rentals"],
} as const;
