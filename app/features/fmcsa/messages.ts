/**
 * Every text of the FMCSA carrier feature (docs/decisions/063): the USDOT lookup's answers and the
 * /quote offer's words, the flags shown to staff, and the submission packet's sections. Browser-safe.
 */

export const fmcsaMessages = {
  api: {
    invalidDot: "A USDOT number is 1 to 8 digits.",
    notFound: (dot: string) => `FMCSA has no carrier with USDOT number ${dot}. Please go on with the form.`,
    unavailable: "The FMCSA lookup is not available right now. Please go on with the form.",
    off: "The USDOT lookup is not turned on for this site.",
    found: (dot: string) => `FMCSA's record for USDOT ${dot} was found.`,
  },
  /** The offer on /quote, beside the USDOT number. */
  lookup: {
    button: "Fill from my USDOT record",
    busy: "Looking up your USDOT number...",
    heading: "Found on FMCSA's record. Tick what to fill in; you can edit every field afterwards.",
    fill: "Fill in the ticked fields",
    filled: "Filled in. Please check each field.",
    dismiss: "No thanks",
    mailingSame: "(the USDOT address)",
  },
  /** The prefill's field names on the offer (the form's own labels). */
  fieldLabels: {
    legalBusinessName: "Legal business name",
    dbaName: "DBA name",
    dotAddress: "Address on your USDOT registration",
    mailingAddress: "Mailing address",
    mcNumber: "MC number",
    totalPowerUnits: "Total power units",
    totalDrivers: "Total drivers",
  },
  flags: {
    name_mismatch: (record: string) => `Business name differs from FMCSA's legal name (${record}).`,
    address_mismatch: (record: string) => `USDOT address differs from FMCSA's physical address (${record}).`,
    power_units_mismatch: (answer: number, record: number) =>
      `Power units differ by more than 20%: ${answer} answered, ${record} on FMCSA's record.`,
    drivers_mismatch: (answer: number, record: number) =>
      `Drivers differ by more than 20%: ${answer} answered, ${record} on FMCSA's record.`,
    new_venture: (start: string) => `New venture: the business started ${start}, less than 3 years ago.`,
    intrastate_only: (operation: string) => `Answered interstate, but FMCSA's record is intrastate only (${operation}).`,
    out_of_service: (since: string | null) =>
      since ? `FMCSA lists the carrier out of service since ${since}.` : "FMCSA lists the carrier out of service.",
    safety_rating: (rating: string) => `FMCSA safety rating: ${rating}.`,
    mcs150_outdated: "The MCS-150 is out of date: FMCSA has had no update in over 2 years.",
  },
  /** The lead screen and the inbox. */
  screen: {
    heading: "FMCSA carrier check",
    packetHeading: "Submission packet",
    pending: "The carrier is being looked up on FMCSA. Reload the page in a minute.",
    notFound: (dot: string) => `FMCSA has no carrier with USDOT number ${dot}.`,
    invalid: "FMCSA's answer could not be read; the carrier was not checked.",
    failed: "FMCSA could not be reached; the carrier was not checked.",
    noFlags: "The answers agree with FMCSA's record.",
    flagsHeading: (n: number) => (n === 1 ? "1 thing to check" : `${n} things to check`),
    recordHeading: "FMCSA's record",
    inboxMark: (n: number) => (n === 1 ? "1 FMCSA flag" : `${n} FMCSA flags`),
    packetPdf: "Download packet (PDF)",
    packetZip: "Download packet with documents (ZIP)",
  },
  safetyRatings: { S: "Satisfactory", C: "Conditional", U: "Unsatisfactory" } as Record<string, string>,
  packet: {
    title: "Commercial trucking submission",
    sections: {
      applicant: "Applicant",
      operations: "Operations",
      authority: "Authority and filings",
      garaging: "Garaging and addresses",
      fleet: "Fleet",
      drivers: "Drivers",
      coverages: "Coverages and limits wanted",
      history: "Prior insurance and losses",
      documents: "Documents received",
      fmcsa: "FMCSA record",
      flags: "FMCSA flags",
      consent: "Consent and submission record",
    },
    noDocuments: "No documents were uploaded.",
    noRecord: "No FMCSA record is stored with this lead.",
    noFlags: "None: the answers agree with FMCSA's record.",
    footer: "Prepared by the agency from the prospect's answers; not an ACORD form.",
    onlyTrucking: "A submission packet is made for trucking quotes only.",
  },
} as const;

/** The FMCSA record's fields as the lead screen and the packet name them, in their order. */
export const recordLabels = {
  legalName: "Legal name",
  dbaName: "DBA name",
  dotNumber: "USDOT number",
  mcNumber: "MC number",
  physicalAddress: "Physical address",
  totalPowerUnits: "Power units",
  totalDrivers: "Drivers",
  operation: "Operation",
  allowedToOperate: "Allowed to operate",
  commonAuthority: "Common authority",
  contractAuthority: "Contract authority",
  brokerAuthority: "Broker authority",
  cargo: "Cargo carried",
  operationClasses: "Operation classification",
  safetyRating: "Safety rating",
  safetyRatingDate: "Safety rating date",
  outOfService: "Out of service",
  mcs150Outdated: "MCS-150 out of date",
  bipdInsuranceOnFile: "BIPD insurance on file ($K)",
  cargoInsuranceOnFile: "Cargo insurance on file ($K)",
} as const;
