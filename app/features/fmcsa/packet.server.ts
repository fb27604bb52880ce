/**
 * The carrier submission packet of a trucking lead (docs/decisions/063): one PDF (pdf-lib) holding
 * every answer, grouped the way carrier applications group them, the FMCSA record and its flags, and
 * the consent and submission record; and a ZIP (yazl, written as it is read) of that PDF with every
 * uploaded document, named by its slot. The sections and field names are the agency's own: no
 * ACORD form is reproduced. pdf-lib and yazl are loaded on the first packet, not when the server
 * starts (pdf-lib alone takes a fifth of a second to load).
 */
import type { Readable } from "node:stream";
import type { PDFFont, PDFPage } from "pdf-lib";
import { quoteSections } from "~/content/quote";
import { trucking } from "~/content/quote-options";
import type { CarrierFlag } from "./flags";
import { fmcsaMessages } from "./messages";
import type { CarrierRecord } from "./record";
import { recordRows } from "./record-rows";

const s = fmcsaMessages.packet.sections;

/** The quote's answers by section, as carrier applications ask them. An answer not listed goes to the last section of its kind. */
const GROUPS: [title: string, fields: string[]][] = [
  [
    s.applicant,
    [
      "legalBusinessName",
      "dbaName",
      "businessStructure",
      "fein",
      "businessStartDate",
      "businessState",
      "contactName",
      "contactDOB",
      "email",
      "phone",
      "referredBy",
    ],
  ],
  [
    s.operations,
    [
      "desiredEffectiveDate",
      "rangeOfOperation",
      "radiusOfOperation",
      "majorCities",
      "annualMileage",
      "annualRevenue",
      "estimatedPayroll",
      "transportationType",
      "haulingDetails",
    ],
  ],
  [
    s.authority,
    ["dotNumber", "mcNumber", "allowedToOperate", "commonAuthority", "relatedBrokerAuthority", "filingsRequired", "insuranceOnFile"],
  ],
  [s.garaging, ["garagingAddress", "mailingAddress", "dotAddress"]],
  [s.fleet, ["totalPowerUnits", "vehicleOwnership"]],
  [s.drivers, ["totalDrivers"]],
  [s.coverages, ["coverages", "complianceServices", "notes"]],
  [s.history, ["yearsCoverage", "currentCarrier", "cancelledOrNonrenewed"]],
];

const LABELS: Record<string, string> = Object.fromEntries(quoteSections.flatMap((section) => section.fields.map((f) => [f.name, f.label])));
/** Payload keys that are the pipeline's, not the visitor's answers. */
const NOT_ANSWERS = new Set(["leadType", "submissionType", "source", "submissionDate", "uploadedFiles", "attachments", "website"]);

export const slotLabel = (slot: string) => trucking.uploadSlots.find((x) => x.slot === slot)?.label ?? slot;

export type PacketDocument = { slot: string; name: string; size: number; open: () => Readable };

export type PacketInput = {
  reference: string;
  receivedAt: Date;
  submissionType: string;
  source: string;
  payload: Record<string, unknown>;
  submission: { ip: string | null; userAgent: string | null; pageUrl: string | null; referrer: string | null };
  consent: { version: string; text: string; consented: boolean; at: Date; hash: string } | null;
  documents: PacketDocument[];
  fmcsa: { record: CarrierRecord | null; flags: CarrierFlag[] } | null;
  agencyName: string;
};

const display = (value: unknown) =>
  Array.isArray(value)
    ? value.join(", ")
    : value === undefined || value === null
      ? ""
      : typeof value === "object"
        ? JSON.stringify(value)
        : String(value);

/** Every answer in its section; answers the groups do not name come last, so none is left out. */
export function packetSections(input: PacketInput): [string, [string, string][]][] {
  const named = new Set(GROUPS.flatMap(([, fields]) => fields));
  const sections = GROUPS.map(
    ([title, fields]) =>
      [title, fields.map((f) => [LABELS[f] ?? f, display(input.payload[f])] as [string, string])] as [string, [string, string][]],
  );
  const rest = Object.keys(input.payload).filter((k) => !named.has(k) && !NOT_ANSWERS.has(k));
  if (rest.length)
    sections[sections.length - 1][1].push(...rest.map((k) => [LABELS[k] ?? k, display(input.payload[k])] as [string, string]));
  const docs: [string, string][] = input.documents.length
    ? input.documents.map((d, i) => [`${slotLabel(d.slot)} ${i + 1}`, `${d.name} (${d.size} bytes)`])
    : [["", fmcsaMessages.packet.noDocuments]];
  sections.push([s.documents, docs]);
  const record = input.fmcsa?.record;
  sections.push([s.fmcsa, record ? recordRows(record) : [["", fmcsaMessages.packet.noRecord]]]);
  if (record) {
    const flags = input.fmcsa?.flags ?? [];
    sections.push([s.flags, flags.length ? flags.map((f) => ["", f.message] as [string, string]) : [["", fmcsaMessages.packet.noFlags]]]);
  }
  const submission: [string, string][] = [
    ["Reference", input.reference],
    ["Received", input.receivedAt.toISOString()],
    ["Submission type", input.submissionType],
    ["Source", input.source],
    ["IP address", input.submission.ip ?? ""],
    ["Browser", input.submission.userAgent ?? ""],
    ["Page", input.submission.pageUrl ?? ""],
    ["Referrer", input.submission.referrer ?? ""],
  ];
  if (input.consent)
    submission.push(
      ["Consent given", input.consent.consented ? "Yes" : "No"],
      ["Consent wording", `${input.consent.text} (${input.consent.version})`],
      ["Consent recorded", input.consent.at.toISOString()],
      ["Consent record hash", input.consent.hash],
    );
  sections.push([s.consent, submission]);
  return sections;
}

/** Text the standard font can draw: each character it cannot encode becomes "?". */
function drawable(font: PDFFont, text: string, known: Map<string, boolean>): string {
  let out = "";
  for (const ch of text.replace(/\r?\n|\t/g, " ")) {
    let ok = known.get(ch);
    if (ok === undefined) {
      try {
        font.encodeText(ch);
        ok = true;
      } catch {
        ok = false;
      }
      known.set(ch, ok);
    }
    out += ok ? ch : "?";
  }
  return out;
}

/** Lines of at most `width` points; a word longer than a line is cut. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/ +/)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) <= width) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    let rest = word;
    while (font.widthOfTextAtSize(rest, size) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines.length ? lines : [""];
}

/** The packet's PDF. */
export async function packetPdf(input: PacketInput): Promise<Uint8Array> {
  const { PDFDocument, rgb, StandardFonts } = await import("pdf-lib");
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${fmcsaMessages.packet.title} ${input.reference}`);
  pdf.setProducer(input.agencyName);
  pdf.setCreator(input.agencyName);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const known = new Map<string, boolean>();
  const [W, H, M] = [612, 792, 50];
  let page: PDFPage = pdf.addPage([W, H]);
  let y = H - M;
  const room = (needed: number) => {
    if (y - needed < M) {
      page = pdf.addPage([W, H]);
      y = H - M;
    }
  };
  const write = (text: string, options: { size?: number; bold?: boolean; x?: number; width?: number; gray?: boolean } = {}) => {
    const size = options.size ?? 10;
    const f = options.bold ? bold : font;
    const x = options.x ?? M;
    for (const line of wrap(f, size, drawable(f, text, known), options.width ?? W - M - x)) {
      room(size + 4);
      page.drawText(line, { x, y: y - size, size, font: f, color: options.gray ? rgb(0.35, 0.35, 0.35) : rgb(0, 0, 0) });
      y -= size + 4;
    }
  };
  write(`${input.agencyName}: ${fmcsaMessages.packet.title}`, { size: 16, bold: true });
  write(`${display(input.payload.legalBusinessName)}, ${input.reference}, ${input.receivedAt.toISOString()}`, { gray: true });
  for (const [title, rows] of packetSections(input)) {
    y -= 8;
    room(40);
    write(title, { size: 12, bold: true });
    for (const [label, value] of rows) {
      const top = y;
      if (label) {
        write(label, { bold: true, width: 170 });
        const afterLabel = y;
        y = top;
        write(value || "-", { x: M + 180 });
        y = Math.min(y, afterLabel);
      } else {
        write(value);
      }
    }
  }
  y -= 8;
  write(fmcsaMessages.packet.footer, { size: 8, gray: true });
  // Object streams off: the file reads in every viewer, and text extraction needs no second pass.
  return pdf.save({ useObjectStreams: false });
}

/** The name a document takes in the ZIP: its slot, its number in the slot, and its own (already cleaned) name. */
export function zipName(doc: { slot: string; name: string }, n: number): string {
  const name = doc.name.replace(/[\\/:*?"<>|\p{Cc}]/gu, "_").slice(0, 150);
  return `${doc.slot}/${doc.slot}-${n}-${name}`;
}

/** The ZIP: the packet's PDF first, then each document from storage, read as the ZIP is read. */
export async function packetZip(pdf: Uint8Array, reference: string, documents: PacketDocument[]): Promise<Readable> {
  const { ZipFile } = await import("yazl");
  const zip = new ZipFile();
  zip.addBuffer(Buffer.from(pdf), `${reference}-packet.pdf`);
  const counts = new Map<string, number>();
  for (const doc of documents) {
    const n = (counts.get(doc.slot) ?? 0) + 1;
    counts.set(doc.slot, n);
    // Stored files are already compressed formats (PDF, JPEG, PNG): kept as they are.
    zip.addReadStreamLazy(zipName(doc, n), { compress: false }, (done) => {
      try {
        done(null, doc.open());
      } catch (error) {
        done(error as Error, undefined as never);
      }
    });
  }
  zip.end();
  return zip.outputStream as Readable;
}
