/** The inbox's pure rules: CSV cells, the download's file name header, the clock and the labels. */
import { describe, expect, it } from "vitest";
import { clockState, formatDuration } from "./clock";
import { attachmentDisposition } from "./content-disposition";
import { csvCell, csvRow } from "./csv";
import { activitySummary, adminDisplayName, fieldLabel, fieldValue, leadTypeLabel, orderedFields, typeOptions } from "./labels";
import { leadUpdateMessage } from "./messages";

describe("csvCell", () => {
  it("quotes only what needs it (RFC 4180) and doubles quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(" padded ")).toBe('" padded "');
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(true)).toBe("Yes");
    expect(csvCell(12)).toBe("12");
  });
  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@"]) expect(csvCell(`${start}1+1`)).toBe(`'${start}1+1`);
    expect(csvCell("\tcmd")).toBe("'\tcmd");
    expect(csvCell("\rcmd")).toBe(`"'\rcmd"`);
    expect(csvCell('=HYPERLINK("x","y")')).toBe(`"'=HYPERLINK(""x"",""y"")"`);
    expect(csvCell("a=b")).toBe("a=b");
    expect(csvCell(-5)).toBe("-5");
  });
  it("ends a row with CRLF", () => {
    expect(csvRow(["a", "b,c", null])).toBe('a,"b,c",\r\n');
  });
});

describe("attachmentDisposition", () => {
  it("sends an ASCII name as is", () => {
    expect(attachmentDisposition("loss-runs 2024.pdf")).toBe('attachment; filename="loss-runs 2024.pdf"');
  });
  it("adds filename* for a non-ASCII name, with an ASCII fallback", () => {
    expect(attachmentDisposition("Pérez CDL.pdf")).toBe(`attachment; filename="Perez CDL.pdf"; filename*=UTF-8''P%C3%A9rez%20CDL.pdf`);
    expect(attachmentDisposition("運転免許.png")).toBe(
      `attachment; filename="____.png"; filename*=UTF-8''%E9%81%8B%E8%BB%A2%E5%85%8D%E8%A8%B1.png`,
    );
  });
  it("strips quotes, backslashes and CR/LF, and keeps % out of the plain name", () => {
    expect(attachmentDisposition('a"b\\c\r\nSet-Cookie: x.pdf')).toBe('attachment; filename="abcSet-Cookie: x.pdf"');
    expect(attachmentDisposition("100%.pdf")).toBe(`attachment; filename="100_.pdf"; filename*=UTF-8''100%25.pdf`);
    expect(attachmentDisposition("it's (1).pdf")).toBe(`attachment; filename="it's (1).pdf"`);
    expect(attachmentDisposition('""')).toBe('attachment; filename="document"');
  });
});

describe("clockState", () => {
  const received = "2030-01-01T12:00:00.000Z";
  const at = (minutes: number, seconds = 0) => Date.parse(received) + minutes * 60_000 + seconds * 1000;
  it("counts a new lead's minutes: ok, due soon from 20, overdue past 30", () => {
    const lead = { status: "new", receivedAt: received, firstResponseAt: null };
    expect(clockState(lead, at(0), 30)).toEqual({ kind: "waiting", minutes: 0, tone: "ok" });
    expect(clockState(lead, at(19, 59), 30)).toMatchObject({ minutes: 19, tone: "ok" });
    expect(clockState(lead, at(20), 30)).toMatchObject({ minutes: 20, tone: "due-soon" });
    expect(clockState(lead, at(30), 30)).toMatchObject({ minutes: 30, tone: "due-soon" });
    expect(clockState(lead, at(30, 1), 30)).toMatchObject({ minutes: 30, tone: "overdue" });
    expect(clockState(lead, at(125), 30)).toMatchObject({ minutes: 125, tone: "overdue" });
    // A computer clock behind the server's never shows negative minutes.
    expect(clockState(lead, at(-3), 30)).toMatchObject({ minutes: 0, tone: "ok" });
  });
  it("uses the lead's own escalation and due times when it has them", () => {
    // Received at 6 AM Chicago outside office hours: escalated at 9:20, due at 9:30 (docs/decisions/027).
    const lead = {
      status: "new",
      receivedAt: received,
      firstResponseAt: null,
      escalateAt: "2030-01-01T15:20:00.000Z",
      dueAt: "2030-01-01T15:30:00.000Z",
    };
    expect(clockState(lead, at(45), 30)).toEqual({ kind: "waiting", minutes: 45, tone: "ok" });
    expect(clockState(lead, at(199, 59), 30)).toMatchObject({ minutes: 199, tone: "ok" });
    expect(clockState(lead, at(200), 30)).toMatchObject({ minutes: 200, tone: "due-soon" });
    expect(clockState(lead, at(210), 30)).toMatchObject({ minutes: 210, tone: "due-soon" });
    expect(clockState(lead, at(210, 1), 30)).toMatchObject({ minutes: 210, tone: "overdue" });
    // A shorter promise than the default: overdue before 30 minutes.
    const quick = { ...lead, escalateAt: "2030-01-01T12:05:00.000Z", dueAt: "2030-01-01T12:10:00.000Z" };
    expect(clockState(quick, at(4, 59), 30)).toMatchObject({ tone: "ok" });
    expect(clockState(quick, at(5), 30)).toMatchObject({ tone: "due-soon" });
    expect(clockState(quick, at(11), 30)).toMatchObject({ minutes: 11, tone: "overdue" });
    // Null times (a lead older than the clock) fall back to the 20/30-minute rule.
    const old = { ...lead, escalateAt: null, dueAt: null };
    expect(clockState(old, at(20), 30)).toMatchObject({ tone: "due-soon" });
    expect(clockState(old, at(30, 1), 30)).toMatchObject({ tone: "overdue" });
    // ...held to the stored promise: with 45 minutes, overdue only past 45.
    expect(clockState(old, at(44), 45)).toMatchObject({ tone: "due-soon" });
    expect(clockState(old, at(45, 1), 45)).toMatchObject({ tone: "overdue" });
    // An answered lead shows its first response whatever its times.
    expect(clockState({ ...lead, status: "quoted", firstResponseAt: "2030-01-01T12:03:00.000Z" }, at(500), 30)).toEqual({
      kind: "answered",
      minutes: 3,
    });
  });
  it("shows an answered lead's first-response time instead", () => {
    expect(clockState({ status: "contacted", receivedAt: received, firstResponseAt: "2030-01-01T12:12:30.000Z" }, at(500), 30)).toEqual({
      kind: "answered",
      minutes: 12,
    });
    expect(clockState({ status: "new", receivedAt: received, firstResponseAt: "2030-01-01T12:12:30.000Z" }, at(40), 30)).toMatchObject({
      kind: "waiting",
      tone: "overdue",
    });
    expect(clockState({ status: "won", receivedAt: received, firstResponseAt: null }, at(5), 30)).toEqual({
      kind: "answered",
      minutes: null,
    });
  });
  it("formats durations", () => {
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(59)).toBe("59 min");
    expect(formatDuration(60)).toBe("1 h");
    expect(formatDuration(125)).toBe("2 h 5 min");
    expect(formatDuration(24 * 60)).toBe("1 d");
    expect(formatDuration(50 * 60)).toBe("2 d 2 h");
  });
});

describe("labels", () => {
  it("names every lead type, and an unknown one in words", () => {
    expect(leadTypeLabel("hoa_quote_landing")).toBe("HOA Landing Page");
    expect(leadTypeLabel("contact_form")).toBe("Contact Form");
    expect(leadTypeLabel("boat_quote")).toBe("Boat Quote");
  });
  it("lists the type filter's options in a stable order, keeping the selected one", () => {
    expect(typeOptions(["hoa_quote_landing", "zz_new", "contact_form"])).toEqual(["contact_form", "hoa_quote_landing", "zz_new"]);
    expect(typeOptions([], "chat")).toEqual(["chat"]);
  });
  it("turns payload keys into words and values into text", () => {
    expect(fieldLabel("legalBusinessName")).toBe("Legal Business Name");
    expect(fieldLabel("hoaType")).toBe("HOA Type");
    expect(fieldLabel("dotNumber")).toBe("DOT Number");
    expect(fieldLabel("contactDOB")).toBe("Contact Date of Birth");
    expect(fieldLabel("submissionType")).toBe("Submission Type");
    expect(fieldValue(["Auto Liability", "Cargo Liability"])).toBe("Auto Liability, Cargo Liability");
    expect(fieldValue(true)).toBe("Yes");
    expect(fieldValue(3)).toBe("3");
    expect(fieldValue([{ slot: "cdl", id: "x" }])).toBe("Slot: cdl; Id: x");
    expect(fieldValue(null)).toBe("");
    expect(fieldLabel("rangeOfOperation")).toBe("Range of Operation");
    expect(fieldLabel("allowedToOperate")).toBe("Allowed to Operate");
  });
  it("orders a payload as the forms ask, unknown keys next, bookkeeping last", () => {
    const payload = { source: "s", zeta: 1, phone: "p", hoaType: "Townhome", name: "n", leadType: "l", alpha: 2, email: "e" };
    expect(orderedFields(payload).map(([k]) => k)).toEqual(["name", "email", "phone", "hoaType", "alpha", "zeta", "leadType", "source"]);
  });
});

describe("the timeline's words", () => {
  it("says what each kind of entry was", () => {
    expect(activitySummary({ kind: "received", detail: { source: "HOA Landing Page" } })).toBe("Lead received from HOA Landing Page");
    expect(activitySummary({ kind: "status_changed", detail: { from: "new", to: "contacted" } })).toBe(
      "Status changed from New to Contacted",
    );
    expect(activitySummary({ kind: "assigned", detail: { assigneeId: "a1", assigneeName: "Dana Ruiz" } })).toBe("Assigned to Dana Ruiz");
    expect(activitySummary({ kind: "assigned", detail: { assigneeId: "a1", assigneeName: "Dana Ruiz", roundRobin: true } })).toBe(
      "Assigned to Dana Ruiz by round-robin",
    );
    expect(activitySummary({ kind: "assigned", detail: { assigneeId: null } })).toBe("Unassigned");
    expect(activitySummary({ kind: "note", detail: { body: "Called" } })).toBe("Note");
    expect(activitySummary({ kind: "escalation_mail", detail: { to: "dana@agency.example" } })).toBe(
      "Escalation mail sent to dana@agency.example",
    );
    expect(activitySummary({ kind: "overdue_mail", detail: { to: "leads@agency.example" } })).toBe(
      "Overdue mail sent to leads@agency.example",
    );
  });
  it("names an admin by name, or by email without one", () => {
    expect(adminDisplayName({ name: "Dana Ruiz", email: "dana@agency.example" })).toBe("Dana Ruiz");
    expect(adminDisplayName({ name: null, email: "dana@agency.example" })).toBe("dana@agency.example");
    expect(adminDisplayName({ name: "  ", email: "dana@agency.example" })).toBe("dana@agency.example");
  });
  it("answers a change with the status's message, the assignment's, or both", () => {
    expect(leadUpdateMessage({ status: "won" }, { assigneeName: "Dana Ruiz" })).toBe("Lead status updated");
    expect(leadUpdateMessage({ assigneeId: "a1" }, { assigneeName: "Dana Ruiz" })).toBe("Lead assigned to Dana Ruiz.");
    expect(leadUpdateMessage({ assigneeId: null }, { assigneeName: null })).toBe("Lead unassigned.");
    expect(leadUpdateMessage({ status: "won", assigneeId: "a1" }, { assigneeName: "Dana Ruiz" })).toBe(
      "Lead status updated. Lead assigned to Dana Ruiz.",
    );
  });
});
