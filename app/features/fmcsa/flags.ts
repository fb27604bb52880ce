/**
 * Where a trucking lead's answers and FMCSA's record disagree, or the record warns (docs/decisions/063).
 * Pure and browser-safe: the same function gives the lead screen, GET /api/leads/:id and the packet
 * their flags.
 */
import { fmcsaMessages } from "./messages";
import { addressLine, type CarrierRecord } from "./record";

export type FlagCode = keyof typeof fmcsaMessages.flags;
export type CarrierFlag = { code: FlagCode; message: string };

const SUFFIXES = new Set(["LLC", "INC", "INCORPORATED", "CORP", "CORPORATION", "CO", "COMPANY", "LTD", "LP", "LLP", "PLLC", "THE"]);

/** A business name compared without case, punctuation or its legal-form words (LLC, Inc, Corp...). */
export function nameKey(name: string): string {
  return name
    .toUpperCase()
    .replace(/\./g, "")
    .replace(/&/g, " AND ")
    .replace(/[^A-Z0-9 ]+/g, " ")
    .split(/\s+/)
    .filter((word) => word && !SUFFIXES.has(word))
    .join(" ");
}

/** A US ZIP code's five digits in an address, the last one written. */
const zipOf = (address: string) => address.match(/\b(\d{5})(?:-\d{4})?\b(?!.*\b\d{5}\b)/s)?.[1] ?? "";
/** The house number: the first run of digits at the start of the street. */
const houseNumberOf = (street: string) => street.trim().match(/^(\d+)/)?.[1] ?? "";

/**
 * An address differs when its ZIP code or its house number is not the record's. Street spellings (St,
 * Street, Hwy) vary too much between a person and FMCSA to compare word by word.
 */
export function addressDiffers(answer: string, record: CarrierRecord["physicalAddress"]): boolean {
  const zip = record.zip.slice(0, 5);
  if (zip && zipOf(answer) !== zip) return true;
  const number = houseNumberOf(record.street);
  return Boolean(number) && !new RegExp(`(^|\\D)${number}(\\D|$)`).test(answer);
}

/** More than 20% apart, counted against FMCSA's figure. */
const differs = (answer: number, record: number) => Math.abs(answer - record) > 0.2 * Math.max(record, 1);

const yearsBefore = (date: Date, years: number) => {
  const d = new Date(date);
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
};

/**
 * The flags of a trucking lead's answers (`answers`, the lead's payload) against FMCSA's record, on
 * `today`. The new-venture rule reads the answers alone (the business's start date): QCMobile keeps no
 * date for when the authority was granted.
 */
export function carrierFlags(answers: Record<string, unknown>, record: CarrierRecord, today: Date): CarrierFlag[] {
  const m = fmcsaMessages.flags;
  const flags: CarrierFlag[] = [];
  const str = (key: string) => (typeof answers[key] === "string" ? (answers[key] as string) : "");
  const num = (key: string) => (typeof answers[key] === "number" ? (answers[key] as number) : Number.NaN);

  const name = nameKey(str("legalBusinessName"));
  const dba = nameKey(str("dbaName"));
  const recordNames = [nameKey(record.legalName), nameKey(record.dbaName)].filter(Boolean);
  if (name && recordNames.length && !recordNames.includes(name) && !(dba && recordNames.includes(dba)))
    flags.push({ code: "name_mismatch", message: m.name_mismatch(record.legalName) });

  const address = str("dotAddress");
  if (address && addressDiffers(address, record.physicalAddress))
    flags.push({ code: "address_mismatch", message: m.address_mismatch(addressLine(record.physicalAddress)) });

  const units = num("totalPowerUnits");
  if (record.totalPowerUnits !== null && Number.isFinite(units) && differs(units, record.totalPowerUnits))
    flags.push({ code: "power_units_mismatch", message: m.power_units_mismatch(units, record.totalPowerUnits) });
  const drivers = num("totalDrivers");
  if (record.totalDrivers !== null && Number.isFinite(drivers) && differs(drivers, record.totalDrivers))
    flags.push({ code: "drivers_mismatch", message: m.drivers_mismatch(drivers, record.totalDrivers) });

  const start = str("businessStartDate");
  if (/^\d{4}-\d{2}-\d{2}$/.test(start) && start > yearsBefore(today, 3))
    flags.push({ code: "new_venture", message: m.new_venture(start) });

  if (str("rangeOfOperation") === "Interstate" && (record.operationCode === "B" || record.operationCode === "C"))
    flags.push({ code: "intrastate_only", message: m.intrastate_only(record.operation) });

  if (record.outOfService) flags.push({ code: "out_of_service", message: m.out_of_service(record.outOfServiceDate || null) });

  if (record.safetyRating === "C" || record.safetyRating === "U")
    flags.push({ code: "safety_rating", message: m.safety_rating(fmcsaMessages.safetyRatings[record.safetyRating]) });

  if (record.mcs150Outdated) flags.push({ code: "mcs150_outdated", message: m.mcs150_outdated });
  return flags;
}
