/** FMCSA's record as the lead screen and the packet list it: label and value, in one order. Browser-safe. */
import { fmcsaMessages, recordLabels } from "./messages";
import { addressLine, type CarrierRecord } from "./record";

export function recordRows(record: CarrierRecord): [string, string][] {
  const yes = (v: boolean) => (v ? "Yes" : "No");
  const values: Record<keyof typeof recordLabels, string> = {
    legalName: record.legalName,
    dbaName: record.dbaName,
    dotNumber: record.dotNumber,
    mcNumber: record.mcNumber,
    physicalAddress: addressLine(record.physicalAddress),
    totalPowerUnits: record.totalPowerUnits === null ? "" : String(record.totalPowerUnits),
    totalDrivers: record.totalDrivers === null ? "" : String(record.totalDrivers),
    operation: record.operation,
    allowedToOperate: yes(record.allowedToOperate),
    commonAuthority: record.commonAuthority,
    contractAuthority: record.contractAuthority,
    brokerAuthority: record.brokerAuthority,
    cargo: record.cargo.join(", "),
    operationClasses: record.operationClasses.join(", "),
    safetyRating: fmcsaMessages.safetyRatings[record.safetyRating] ?? "Not rated",
    safetyRatingDate: record.safetyRatingDate,
    outOfService: record.outOfService ? `Yes${record.outOfServiceDate ? ` (${record.outOfServiceDate})` : ""}` : "No",
    mcs150Outdated: yes(record.mcs150Outdated),
    bipdInsuranceOnFile: record.bipdInsuranceOnFile === null ? "" : String(record.bipdInsuranceOnFile),
    cargoInsuranceOnFile: record.cargoInsuranceOnFile === null ? "" : String(record.cargoInsuranceOnFile),
  };
  return (Object.keys(recordLabels) as (keyof typeof recordLabels)[]).map((k) => [recordLabels[k], values[k]]);
}
