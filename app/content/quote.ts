/**
 * The copy of /quote: the page's texts and the trucking quote form's sections, labels and hints
 * (fields of spec 000 section 3, option lists from ./options). The page hands these to the form
 * through its loader, so they are in the HTML rather than in a JavaScript chunk.
 */
import { trucking, usStates } from "./quote-options";
import { perSite, type SiteFacts } from "./site-facts";

/** The page's texts with the facts they state. */
const quotePageFor = ({ agency, promises }: SiteFacts) =>
  ({
    title: "Commercial Trucking Insurance Quote",
    metaDescription: `Request a commercial trucking insurance quote from ${agency.name}: auto liability, cargo, physical damage, bobtail and FMCSA filings. A licensed agent contacts you within ${promises.contactMinutes} minutes.`,
    eyebrow: "Commercial trucking",
    subtitle: `Tell us about your authority, trucks and drivers. A licensed agent reviews your request, shops our ${promises.carriers} carriers and contacts you within ${promises.contactMinutes} minutes during office hours.`,
    formHeading: "Your trucking quote request",
    formIntro:
      "It takes about 10 minutes. Fields marked * are required. Your answers are kept on this device as you type, so you can come back and finish later.",
    checklistHeading: "Have these at hand",
    checklist: [
      "USDOT number (and MC number, if you have one)",
      "FEIN and business start date",
      "Garaging, mailing and DOT addresses",
      "Number of power units and drivers",
      "Optional: CDLs, vehicle registrations and 3 years of loss runs",
    ],
  }) as const;

type Base = {
  name: string;
  label: string;
  hint?: string;
  /** The spec's optional fields; all others are required. */
  optional?: boolean;
  /** Spans both columns. */
  wide?: boolean;
};
export type QuoteField =
  | (Base & { kind: "text" | "email" | "tel" | "date"; autoComplete?: string; inputMode?: "numeric" | "decimal"; placeholder?: string })
  | (Base & { kind: "number"; min: number })
  | (Base & { kind: "textarea"; rows?: number; autoComplete?: string })
  | (Base & { kind: "select"; options: readonly string[]; placeholder: string })
  | (Base & { kind: "radio"; options: readonly string[]; suffix?: string })
  | (Base & { kind: "checkboxes"; options: readonly string[] });

export type QuoteSection = { id: string; title: string; intro?: string; fields: QuoteField[] };

const yesNo = trucking.yesNo;

export const quoteSections: QuoteSection[] = [
  {
    id: "business",
    title: "Business Information",
    fields: [
      {
        name: "legalBusinessName",
        label: "Legal Business Name",
        kind: "text",
        autoComplete: "organization",
        hint: "As registered with your state and shown on your FMCSA record.",
      },
      {
        name: "dbaName",
        label: "DBA Name",
        kind: "text",
        optional: true,
        hint: "The \u201cdoing business as\u201d name, if you operate under a trade name.",
      },
      {
        name: "businessStructure",
        label: "Business Structure",
        kind: "select",
        options: trucking.businessStructure,
        placeholder: "Select business structure",
      },
      {
        name: "fein",
        label: "FEIN (Federal Employer Identification Number)",
        kind: "text",
        inputMode: "numeric",
        placeholder: "12-3456789",
        hint: "The 9-digit tax ID the IRS issued your business.",
      },
      { name: "businessStartDate", label: "Business Start Date", kind: "date", hint: "When the business began (or will begin) operating." },
      {
        name: "businessState",
        label: "Business State",
        kind: "select",
        options: usStates,
        placeholder: "Select state",
        hint: "The state where the business is based.",
      },
    ],
  },
  {
    id: "operations",
    title: "Operations",
    fields: [
      { name: "desiredEffectiveDate", label: "Desired Effective Date", kind: "date", hint: "The day you need coverage to start." },
      {
        name: "rangeOfOperation",
        label: "Range of Operation",
        kind: "radio",
        options: trucking.rangeOfOperation,
        hint: "Interstate if you cross state lines or haul freight that started or ends in another state; intrastate if all of your hauling stays within one state.",
      },
      {
        name: "radiusOfOperation",
        label: "Radius of Operation",
        kind: "radio",
        options: trucking.radiusOfOperation,
        suffix: " miles",
        wide: true,
        hint: "How far your trucks usually travel from where they are garaged, measured in a straight line. Underwriters rate local, intermediate and long-haul trucks differently.",
      },
      {
        name: "majorCities",
        label: "Major Cities Served",
        kind: "text",
        wide: true,
        hint: "The main cities or metro areas where you pick up and deliver, e.g. Austin, Dallas, Houston.",
      },
      {
        name: "annualMileage",
        label: "Annual Mileage",
        kind: "text",
        inputMode: "numeric",
        hint: "Total miles all your trucks drive in a year, e.g. 120,000.",
      },
      {
        name: "annualRevenue",
        label: "Annual Revenue",
        kind: "text",
        hint: "Gross revenue for the last 12 months, or projected for a new business.",
      },
      {
        name: "estimatedPayroll",
        label: "Estimated Annual Payroll",
        kind: "text",
        hint: "Employee wages for the year (used for workers' compensation and general liability); enter 0 if none.",
      },
    ],
  },
  {
    id: "authority",
    title: "Authority & Filings",
    fields: [
      {
        name: "dotNumber",
        label: "USDOT Number",
        kind: "text",
        inputMode: "numeric",
        hint: "The number FMCSA assigned to your company, digits only.",
      },
      {
        name: "mcNumber",
        label: "MC Number",
        kind: "text",
        optional: true,
        hint: "Your operating authority (motor carrier) docket number, if you have one, e.g. MC-123456.",
      },
      {
        name: "allowedToOperate",
        label: "Is your USDOT number currently allowed to operate?",
        kind: "radio",
        options: yesNo,
        hint: "Your operating status on FMCSA's SAFER company snapshot: \u201cAuthorized\u201d means yes.",
      },
      {
        name: "commonAuthority",
        label: "Do you have common carrier authority?",
        kind: "radio",
        options: yesNo,
        hint: "Authority to haul freight for the general public for hire.",
      },
      {
        name: "relatedBrokerAuthority",
        label: "Do you or a related company hold broker authority?",
        kind: "radio",
        options: yesNo,
        hint: "Broker authority lets a company arrange loads for other carriers.",
      },
      {
        name: "filingsRequired",
        label: "Filings Required",
        kind: "radio",
        options: trucking.filingsRequired,
        hint: "Federal: proof of insurance (BMC-91X) filed with FMCSA for interstate authority. State: filings such as Form E or Form H that some states require of intrastate carriers.",
      },
      {
        name: "insuranceOnFile",
        label: "Do you have insurance on file with FMCSA or your state now?",
        kind: "radio",
        options: yesNo,
        wide: true,
        hint: "Whether an insurer currently has an active filing for your authority.",
      },
    ],
  },
  {
    id: "addresses",
    title: "Addresses",
    fields: [
      {
        name: "garagingAddress",
        label: "Garaging Address",
        kind: "textarea",
        rows: 2,
        wide: true,
        hint: "Where your trucks are parked when they are not on the road. Street, city, state and ZIP.",
      },
      { name: "mailingAddress", label: "Mailing Address", kind: "textarea", rows: 2, wide: true, autoComplete: "street-address" },
      {
        name: "dotAddress",
        label: "Address on Your USDOT Registration",
        kind: "textarea",
        rows: 2,
        wide: true,
        hint: "The physical address on your MCS-150; it may differ from your mailing address.",
      },
    ],
  },
  {
    id: "fleet",
    title: "Fleet & Drivers",
    fields: [
      {
        name: "totalPowerUnits",
        label: "Total Power Units",
        kind: "number",
        min: 1,
        hint: "Tractors and trucks that pull or carry loads (not trailers).",
      },
      { name: "totalDrivers", label: "Total Drivers", kind: "number", min: 1, hint: "Everyone who drives for you, owners included." },
      { name: "vehicleOwnership", label: "Vehicle Ownership", kind: "radio", options: trucking.vehicleOwnership, wide: true },
      {
        name: "transportationType",
        label: "Transportation Type",
        kind: "radio",
        options: trucking.transportationType,
        wide: true,
        hint: "For-hire carriers haul other people's freight for pay; private carriers haul their own goods; exempt carriers haul commodities, such as unprocessed farm products, that need no operating authority.",
      },
    ],
  },
  {
    id: "coverage",
    title: "Coverage",
    fields: [
      {
        name: "coverages",
        label: "Coverages to quote",
        kind: "checkboxes",
        options: trucking.coverages,
        wide: true,
        hint: "Select at least one. For-hire interstate carriers of general freight need at least $750,000 of auto liability.",
      },
    ],
  },
  {
    id: "compliance",
    title: "Compliance Services",
    intro: "Optional. Our team can help keep your authority in good standing: tick anything you would like to hear about.",
    fields: [
      {
        name: "complianceServices",
        label: "Compliance services",
        kind: "checkboxes",
        options: trucking.complianceServices,
        optional: true,
        wide: true,
      },
    ],
  },
  {
    id: "history",
    title: "Insurance History",
    fields: [
      {
        name: "yearsCoverage",
        label: "Years of Continuous Coverage",
        kind: "number",
        min: 0,
        hint: "Years the business has had commercial auto insurance without a gap; 0 for a new venture.",
      },
      { name: "currentCarrier", label: "Current Insurance Carrier", kind: "text", optional: true, autoComplete: "off" },
      {
        name: "cancelledOrNonrenewed",
        label: "Has any policy been cancelled or non-renewed in the last 3 years?",
        kind: "radio",
        options: yesNo,
        wide: true,
      },
    ],
  },
  {
    id: "contact",
    title: "Contact",
    fields: [
      { name: "contactName", label: "Contact Name", kind: "text", autoComplete: "name" },
      {
        name: "contactDOB",
        label: "Contact Date of Birth",
        kind: "date",
        autoComplete: "bday",
        hint: "Carriers use it to check the motor vehicle record (MVR) of owners who drive.",
      },
      { name: "email", label: "Email Address", kind: "email", autoComplete: "email" },
      { name: "phone", label: "Phone Number", kind: "tel", autoComplete: "tel" },
    ],
  },
  {
    id: "additional",
    title: "Additional Information",
    fields: [
      {
        name: "haulingDetails",
        label: "Hauling Details",
        kind: "textarea",
        rows: 3,
        wide: true,
        hint: "What you haul and with what equipment, e.g. dry van general freight, flatbed steel, refrigerated produce. Mention any hazardous materials.",
      },
      { name: "referredBy", label: "Referred By", kind: "text", optional: true, hint: "Who sent you our way, if anyone." },
      {
        name: "notes",
        label: "Notes",
        kind: "textarea",
        rows: 3,
        optional: true,
        wide: true,
        hint: "Anything else we should know: prior claims, drivers under 25, trailers to schedule.",
      },
    ],
  },
];

/** The documents step's introduction, with the largest file the server takes ("1 GB" by default, UPLOAD_MAX_BYTES). */
export const quoteDocumentsIntro = (limit: string) =>
  `Optional, but documents speed up your quote. PDF, JPG or PNG, up to ${limit} each. You can add several files to each slot.`;

/** The documents step, with the address documents may be emailed to instead. */
const quoteDocumentsFor = ({ agency }: SiteFacts) => ({
  id: "documents",
  title: "Documents",
  intro: quoteDocumentsIntro("1 GB"),
  /** Shown instead of the file slots while the page runs without its scripts (adding files needs them). */
  withoutScripts: [
    "Adding files on this page needs JavaScript, which is not running in this browser. You can still send your request now without them.",
    `Afterwards, email your drivers' licenses (CDL), vehicle registrations and the last 3 years of loss runs to ${agency.email}, with your business name or USDOT number in the subject, or hand them to the agent who calls you.`,
  ],
  slots: trucking.uploadSlots.map((s) => ({
    ...s,
    hint: {
      cdl: "Commercial driver's licenses of the drivers you want on the policy.",
      vehicleRegistration: "Registrations (cab cards) of the trucks and trailers you want covered.",
      lossRuns: "Loss runs are your insurers' records of claims and premiums. Ask your current and past carriers for the last 3 years.",
    }[s.slot],
  })),
});

/** The page's texts and the documents step (the form's sections are `quoteSections`, the same for every agency). */
export const quoteCopy = perSite((site) => ({ page: quotePageFor(site), documents: quoteDocumentsFor(site) }));
