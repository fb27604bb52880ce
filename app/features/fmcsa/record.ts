/**
 * The carrier record the site keeps from FMCSA's QCMobile answers (qcmobile.server.ts makes it), and
 * what /quote may fill in from it. Browser-safe: the lead screen shows it.
 */
import { fmcsaMessages } from "./messages";

export type CarrierRecord = {
  dotNumber: string;
  legalName: string;
  dbaName: string;
  /** "MC-123456", or "" without a motor carrier docket. */
  mcNumber: string;
  physicalAddress: { street: string; city: string; state: string; zip: string };
  totalPowerUnits: number | null;
  totalDrivers: number | null;
  /** QCMobile's carrier operation: A interstate, B intrastate only (hazmat), C intrastate only (non-hazmat). */
  operationCode: string;
  operation: string;
  allowedToOperate: boolean;
  commonAuthority: string;
  contractAuthority: string;
  brokerAuthority: string;
  cargo: string[];
  operationClasses: string[];
  /** S, C, U, or "" when the carrier was never rated. */
  safetyRating: string;
  safetyRatingDate: string;
  outOfService: boolean;
  outOfServiceDate: string;
  mcs150Outdated: boolean;
  bipdInsuranceOnFile: number | null;
  cargoInsuranceOnFile: number | null;
};

/** A USDOT number as the lookup takes it: 1 to 8 digits. */
export const DOT_PATTERN = /^\d{1,8}$/;

/** The address on one line, as the form's address fields hold it. */
export const addressLine = (a: CarrierRecord["physicalAddress"]) =>
  [a.street, [a.city, [a.state, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ")].filter(Boolean).join(", ");

export type PrefillField = keyof typeof fmcsaMessages.fieldLabels;

/** One field /quote may fill in: its form name, the value, and whether the offer ticks it to begin with. */
export type PrefillOffer = { name: PrefillField; label: string; value: string; ticked: boolean };

/**
 * What the record can fill in on /quote. QCMobile keeps no mailing address, so the mailing address is
 * offered as the USDOT address, not ticked: the visitor decides.
 */
export function prefillOffers(record: CarrierRecord): PrefillOffer[] {
  const labels = fmcsaMessages.fieldLabels;
  const address = addressLine(record.physicalAddress);
  const offers: PrefillOffer[] = [
    { name: "legalBusinessName", label: labels.legalBusinessName, value: record.legalName, ticked: true },
    { name: "dbaName", label: labels.dbaName, value: record.dbaName, ticked: true },
    { name: "dotAddress", label: labels.dotAddress, value: address, ticked: true },
    {
      name: "mailingAddress",
      label: `${labels.mailingAddress} ${fmcsaMessages.lookup.mailingSame}`,
      value: address,
      ticked: false,
    },
    { name: "mcNumber", label: labels.mcNumber, value: record.mcNumber, ticked: true },
    {
      name: "totalPowerUnits",
      label: labels.totalPowerUnits,
      value: record.totalPowerUnits ? String(record.totalPowerUnits) : "",
      ticked: true,
    },
    { name: "totalDrivers", label: labels.totalDrivers, value: record.totalDrivers ? String(record.totalDrivers) : "", ticked: true },
  ];
  return offers.filter((offer) => offer.value !== "");
}
