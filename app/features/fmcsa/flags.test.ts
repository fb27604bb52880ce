import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { truckingQuoteBody } from "../../../tests/support/lead-fixtures";
import { carrierFlags, type FlagCode } from "./flags";
import { fmcsaMessages } from "./messages";
import { authorityAnswer, cargoAnswer, carrierAnswer, carrierRecord, oosAnswer, operationAnswer } from "./qcmobile.server";
import { prefillOffers } from "./record";

const dir = path.resolve(import.meta.dirname, "../../../tests/fixtures/fmcsa");
const read = (dot: string, file: string) => JSON.parse(readFileSync(path.join(dir, dot, `${file}.json`), "utf8"));
const recordOf = (dot: string) =>
  carrierRecord({
    carrier: carrierAnswer.parse(read(dot, "carrier")),
    authority: authorityAnswer.parse(read(dot, "authority")),
    cargo: cargoAnswer.parse(read(dot, "cargo-classification")),
    operation: operationAnswer.parse(read(dot, "operation-classification")),
    oos: oosAnswer.parse(read(dot, "oos")),
  });
const today = new Date("2026-06-01T12:00:00Z");
const answers = truckingQuoteBody() as Record<string, unknown>;

describe("FMCSA flags on the recorded QCMobile answers", () => {
  it("finds nothing on a clean record", () => {
    const record = recordOf("3456789");
    expect(record).toMatchObject({ legalName: "ORTEGA FREIGHT LLC", mcNumber: "MC-123456", totalPowerUnits: 3, operationCode: "A" });
    expect(carrierFlags(answers, record!, today)).toEqual([]);
  });

  const cases: [string, FlagCode, string, Record<string, unknown>?][] = [
    ["1000002", "name_mismatch", fmcsaMessages.flags.name_mismatch("ORTEGA HAULING INC")],
    ["1000003", "address_mismatch", fmcsaMessages.flags.address_mismatch("9 COMMERCE ST, AUSTIN, TX 78701")],
    ["1000004", "power_units_mismatch", fmcsaMessages.flags.power_units_mismatch(3, 6)],
    ["1000005", "drivers_mismatch", fmcsaMessages.flags.drivers_mismatch(4, 9)],
    ["1000006", "new_venture", fmcsaMessages.flags.new_venture("2024-09-01"), { businessStartDate: "2024-09-01" }],
    ["1000007", "intrastate_only", fmcsaMessages.flags.intrastate_only("Intrastate only (non-hazmat)")],
    ["1000008", "out_of_service", fmcsaMessages.flags.out_of_service("2025-11-05")],
    ["1000009", "safety_rating", "FMCSA safety rating: Conditional."],
    ["1000010", "safety_rating", "FMCSA safety rating: Unsatisfactory."],
    ["1000011", "mcs150_outdated", fmcsaMessages.flags.mcs150_outdated],
  ];
  it.each(cases)("fixture %s raises %s and nothing else", (dot, code, message, over) => {
    const flags = carrierFlags({ ...answers, ...over }, recordOf(dot)!, today);
    expect(flags).toEqual([{ code, message }]);
  });

  it("takes the name without case, punctuation or legal-form words, and the DBA as the name", () => {
    const record = recordOf("3456789")!;
    expect(carrierFlags({ ...answers, legalBusinessName: "Ortega Freight, L.L.C." }, record, today)).toEqual([]);
    expect(carrierFlags({ ...answers, legalBusinessName: "Ortega Transport", dbaName: "Ortega Freight" }, record, today)).toEqual([]);
  });

  it("allows 20% either way and flags what is over", () => {
    const record = { ...recordOf("3456789")!, totalPowerUnits: 10, totalDrivers: 10 };
    expect(carrierFlags({ ...answers, totalPowerUnits: 12, totalDrivers: 8 }, record, today)).toEqual([]);
    expect(carrierFlags({ ...answers, totalPowerUnits: 13, totalDrivers: 10 }, record, today).map((f) => f.code)).toEqual([
      "power_units_mismatch",
    ]);
  });

  it("refuses an answer of the wrong shape", () => {
    expect(carrierAnswer.safeParse(read("1000012", "carrier")).success).toBe(false);
  });

  it("offers the fields /quote fills in, the mailing address unticked", () => {
    expect(prefillOffers(recordOf("3456789")!)).toEqual([
      { name: "legalBusinessName", label: "Legal business name", value: "ORTEGA FREIGHT LLC", ticked: true },
      { name: "dotAddress", label: "Address on your USDOT registration", value: "200 INDUSTRIAL BLVD, GEORGETOWN, TX 78626", ticked: true },
      {
        name: "mailingAddress",
        label: "Mailing address (the USDOT address)",
        value: "200 INDUSTRIAL BLVD, GEORGETOWN, TX 78626",
        ticked: false,
      },
      { name: "mcNumber", label: "MC number", value: "MC-123456", ticked: true },
      { name: "totalPowerUnits", label: "Total power units", value: "3", ticked: true },
      { name: "totalDrivers", label: "Total drivers", value: "4", ticked: true },
    ]);
  });
});
