/** Bodies of the public lead endpoints, for tests that need leads to exist (the leads inbox's). */
import { landingLeadTypes } from "../../app/features/leads/lead-types";
import { truckingQuoteLead } from "../../app/features/quote/messages";

export const contactBody = (over: Record<string, unknown> = {}) => ({
  fullName: "Dana Whitfield",
  email: "dana@whitfield-roofing.example",
  phoneNumber: "(512) 555-0199",
  insuranceType: "Contractors Insurance",
  message: "We are a 12-person roofing crew and need GL with a waiver of subrogation.",
  smsConsent: true,
  pageUrl: "http://localhost/contact",
  ...over,
});

export const productQuoteBody = (over: Record<string, unknown> = {}) => ({
  leadType: "product_page_quote",
  submissionType: "Product Page Quote Request",
  source: "Product Page Quote Form",
  serviceType: "Commercial Trucking Insurance",
  name: "Luis Ortega",
  email: "luis@ortega-freight.example",
  phone: "512-555-0123",
  message: "Two tractors, one flatbed trailer, interstate, need a BMC-91X filing.",
  submissionDate: new Date().toISOString(),
  ...over,
});

export const hoaLandingBody = (over: Record<string, unknown> = {}) => ({
  leadType: "hoa_quote_landing",
  ...landingLeadTypes.hoa_quote_landing,
  name: "Marisol Ortega",
  phone: "(512) 555-0123",
  email: "marisol@ortega-holdings.example",
  hoaType: "Townhome",
  coverageNeeded: "D&O Liability",
  numberOfUnits: "51-100 units",
  submissionDate: new Date().toISOString(),
  ...over,
});

/** The /quote trucking form, complete; add `attachments: [{ slot, id }]` and `uploadedFiles`. */
export const truckingQuoteBody = (over: Record<string, unknown> = {}) => ({
  legalBusinessName: "Ortega Freight LLC",
  dbaName: "",
  businessStructure: "LLC",
  fein: "74-1234567",
  businessStartDate: "2019-04-01",
  businessState: "Texas",
  desiredEffectiveDate: "2030-07-01",
  rangeOfOperation: "Interstate",
  radiusOfOperation: "151–300",
  majorCities: "Austin, San Antonio, Houston",
  annualMileage: "120,000",
  annualRevenue: "$450,000",
  estimatedPayroll: "$60,000",
  dotNumber: "3456789",
  mcNumber: "MC-123456",
  allowedToOperate: "Yes",
  commonAuthority: "Yes",
  relatedBrokerAuthority: "No",
  filingsRequired: "Federal",
  insuranceOnFile: "Yes",
  garagingAddress: "200 Industrial Blvd, Georgetown, TX 78626",
  mailingAddress: "PO Box 12, Georgetown, TX 78627",
  dotAddress: "200 Industrial Blvd, Georgetown, TX 78626",
  totalPowerUnits: 3,
  totalDrivers: 4,
  vehicleOwnership: "Owned",
  transportationType: "For-Hire (General Freight)",
  coverages: ["Auto Liability", "Cargo Liability"],
  complianceServices: ["DOT Audits"],
  yearsCoverage: 5,
  cancelledOrNonrenewed: "No",
  currentCarrier: "Progressive",
  contactName: "Luis Ortega",
  contactDOB: "1980-02-29",
  email: "luis@ortega-freight.example",
  phone: "(512) 555-0123",
  referredBy: "",
  haulingDetails: "Dry van general freight; no hazmat.",
  notes: "Renewal is July 1.",
  uploadedFiles: [],
  attachments: [],
  ...truckingQuoteLead,
  ...over,
});

/** A small well-formed PDF padded to `size` bytes (over compress()'s 1 KB threshold by default). */
export function pdfBytes(size = 4096): Buffer {
  const head =
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n%";
  return Buffer.concat([Buffer.from(head, "latin1"), Buffer.alloc(Math.max(0, size - head.length), "x")]);
}
