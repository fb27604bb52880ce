/**
 * FMCSA's QCMobile API (https://mobile.fmcsa.dot.gov/qc/services), as its documentation gives the
 * answers: `GET /carriers/:dot`, `/carriers/:dot/authority`, `/cargo-classification`,
 * `/operation-classification` and `/oos`, each `?webKey=`, each answering `{ content: ... }`. Every
 * answer is checked with these schemas before anything is kept; a carrier FMCSA does not know is
 * answered with `content: null` (or a 404). Only the fields the site uses are read; the rest pass.
 */
import { z } from "zod";
import { cleanMultiLine } from "~/lib/field-rules";
import type { CarrierRecord } from "./record";

const text = z.string().nullish();
/** QCMobile gives some figures as numbers and some as digit strings ("750"). */
const figure = z.union([z.number(), z.string().regex(/^-?\d+(\.\d+)?$/)]).nullish();
const yn = z.enum(["Y", "N", "y", "n", "u", "U"]).nullish();

export const carrierAnswer = z.object({
  content: z
    .object({
      carrier: z.object({
        dotNumber: z.union([z.number().int(), z.string().regex(/^\d{1,8}$/)]),
        legalName: z.string().min(1),
        dbaName: text,
        allowedToOperate: yn,
        statusCode: text,
        commonAuthorityStatus: text,
        contractAuthorityStatus: text,
        brokerAuthorityStatus: text,
        bipdInsuranceOnFile: figure,
        cargoInsuranceOnFile: figure,
        safetyRating: text,
        safetyRatingDate: text,
        mcs150Outdated: yn,
        oosDate: text,
        phyStreet: text,
        phyCity: text,
        phyState: text,
        phyZipcode: text,
        totalPowerUnits: z.number().int().nonnegative().nullish(),
        totalDrivers: z.number().int().nonnegative().nullish(),
        carrierOperation: z.object({ carrierOperationCode: z.string(), carrierOperationDesc: text }).nullish(),
      }),
    })
    .nullable(),
});

export const authorityAnswer = z.object({
  content: z
    .array(
      z.object({
        carrierAuthority: z.object({
          prefix: text,
          docketNumber: z.union([z.number().int(), z.string()]).nullish(),
          commonAuthorityStatus: text,
          contractAuthorityStatus: text,
          brokerAuthorityStatus: text,
        }),
      }),
    )
    .nullable(),
});

export const cargoAnswer = z.object({ content: z.array(z.object({ cargoClassDesc: z.string() })).nullable() });
export const operationAnswer = z.object({ content: z.array(z.object({ operationClassDesc: z.string() })).nullable() });
export const oosAnswer = z.object({
  content: z.array(z.object({ oos: z.object({ oosDate: text, oosReason: text }).nullish() }).passthrough()).nullable(),
});

export type QcAnswers = {
  carrier: z.output<typeof carrierAnswer>;
  authority: z.output<typeof authorityAnswer>;
  cargo: z.output<typeof cargoAnswer>;
  operation: z.output<typeof operationAnswer>;
  oos: z.output<typeof oosAnswer>;
};

/** One line of FMCSA's text: control characters (as cleanMultiLine finds them) become spaces, runs of space one. */
const clean = (v: string | null | undefined, max = 200) =>
  cleanMultiLine((v ?? "").replace(/\s+/g, " "), 10_000)
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);
const amount = (v: string | number | null | undefined) => (v === null || v === undefined ? null : Number(v));
const operations: Record<string, string> = { A: "Interstate", B: "Intrastate only (hazmat)", C: "Intrastate only (non-hazmat)" };

/** The record the site keeps, from QCMobile's checked answers (the carrier's answer has content). */
export function carrierRecord(answers: QcAnswers): CarrierRecord | null {
  const carrier = answers.carrier.content?.carrier;
  if (!carrier) return null;
  const authority = answers.authority.content?.map((a) => a.carrierAuthority) ?? [];
  const mc = authority.find((a) => (a.prefix ?? "").toUpperCase() === "MC" && a.docketNumber);
  const oos = (answers.oos.content ?? []).map((o) => o.oos).filter((o) => o && (o.oosDate || o.oosReason));
  const code = clean(carrier.carrierOperation?.carrierOperationCode, 2).toUpperCase();
  return {
    dotNumber: String(carrier.dotNumber),
    legalName: clean(carrier.legalName),
    dbaName: clean(carrier.dbaName),
    mcNumber: mc ? `MC-${clean(String(mc.docketNumber), 12)}` : "",
    physicalAddress: {
      street: clean(carrier.phyStreet),
      city: clean(carrier.phyCity, 80),
      state: clean(carrier.phyState, 4),
      zip: clean(carrier.phyZipcode, 12),
    },
    totalPowerUnits: carrier.totalPowerUnits ?? null,
    totalDrivers: carrier.totalDrivers ?? null,
    operationCode: code,
    operation: operations[code] ?? clean(carrier.carrierOperation?.carrierOperationDesc, 80),
    allowedToOperate: (carrier.allowedToOperate ?? "").toUpperCase() === "Y",
    commonAuthority: clean(carrier.commonAuthorityStatus ?? mc?.commonAuthorityStatus, 2),
    contractAuthority: clean(carrier.contractAuthorityStatus ?? mc?.contractAuthorityStatus, 2),
    brokerAuthority: clean(carrier.brokerAuthorityStatus ?? mc?.brokerAuthorityStatus, 2),
    cargo: (answers.cargo.content ?? []).map((c) => clean(c.cargoClassDesc, 80)).slice(0, 40),
    operationClasses: (answers.operation.content ?? []).map((c) => clean(c.operationClassDesc, 80)).slice(0, 20),
    safetyRating: clean(carrier.safetyRating, 2).toUpperCase(),
    safetyRatingDate: clean(carrier.safetyRatingDate, 20),
    outOfService: Boolean(carrier.oosDate) || oos.length > 0,
    outOfServiceDate: clean(carrier.oosDate ?? oos[0]?.oosDate, 20),
    mcs150Outdated: (carrier.mcs150Outdated ?? "").toUpperCase() === "Y",
    bipdInsuranceOnFile: amount(carrier.bipdInsuranceOnFile),
    cargoInsuranceOnFile: amount(carrier.cargoInsuranceOnFile),
  };
}

/** The stored record, read back (a row written by an older version, or tampered with, reads as none). */
export const storedRecord = z.custom<CarrierRecord>(
  (v) =>
    typeof v === "object" &&
    v !== null &&
    typeof (v as CarrierRecord).legalName === "string" &&
    typeof (v as CarrierRecord).physicalAddress === "object",
);
