/** The leads inbox's texts, in one place. */
import { outcomeMessages } from "./outcome-messages";

export const inboxMessages = {
  title: "Leads",
  subtitle: (minutes: number) => `Every lead from every form and the chat, newest first. We promise a call back within ${minutes} minutes.`,
  loadFailed: "Failed to load leads",
  empty: "No leads yet",
  emptyFiltered: "No leads match these filters",
  clearFilters: "Clear filters",
  /** The list's count noun (paging: "Showing 51–100 of 812 leads"). */
  noun: { one: "lead", many: "leads" },
  exportCsv: "Export CSV",
  statusUpdated: "Lead status updated",
  statusFailed: "Failed to update lead status",
  filters: {
    legend: "Filter leads",
    search: "Search leads",
    searchHint: "Name, phone, email, reference or words from the message",
    owner: "Owner",
    anyOwner: "Anyone",
    mine: "Mine",
    unassigned: "Unassigned",
    overdue: "Overdue only",
    status: "Status",
    type: "Type",
    allStatuses: "All statuses",
    allTypes: "All types",
    from: "Received from",
    to: "Received to",
    licensed: "State",
    anyState: "Any state",
    inside: "Licensed states",
    outside: "Outside licensed states",
    apply: "Apply filters",
    invalid: "Some filters were not valid and were left out.",
  },
  columns: {
    select: "Select",
    received: "Received",
    reference: "Reference",
    type: "Type",
    source: "Source",
    name: "Name",
    phone: "Phone",
    assignee: "Assigned to",
    status: "Status",
    waiting: "Waiting",
  },
  statusFor: (reference: string) => `Status of lead ${reference}`,
  /** Changing many leads at once: the rows' checkboxes and the bar above the list. */
  bulk: {
    legend: "Change the selected leads",
    select: (reference: string) => `Select lead ${reference}`,
    selectPage: "Select every lead on this page",
    selected: (n: number) => (n === 1 ? "1 lead selected" : `${n} leads selected`),
    status: "Set status",
    keepStatus: "Keep status",
    owner: "Set owner",
    keepOwner: "Keep owner",
    me: "Me",
    unassigned: "Unassigned",
    apply: "Apply to selected",
    noneSelected: "Select at least one lead.",
    tooMany: (max: number) => `Select at most ${max} leads at a time.`,
    nothingToChange: "Choose a status or an owner to set.",
    done: (n: number) => (n === 1 ? "1 lead updated." : `${n} leads updated.`),
    partly: (done: number, missing: number) =>
      `${done === 1 ? "1 lead" : `${done} leads`} updated; ${missing === 1 ? "1 was" : `${missing} were`} not found (deleted meanwhile).`,
  },
  /** The list's keyboard shortcuts (every action is also reachable with Tab). */
  shortcuts: {
    open: "Keyboard shortcuts",
    title: "Keyboard shortcuts",
    keys: [
      { key: "/", does: "Search" },
      { key: "j", does: "Next lead" },
      { key: "k", does: "Previous lead" },
      { key: "Enter", does: "Open the lead" },
      { key: "x", does: "Select or clear the lead" },
      { key: "a", does: "Assign the lead to me" },
      { key: "?", does: "Show this list" },
    ],
  },
  /** The list's mark on a lead that texted the agency (docs/decisions/064). */
  textedBack: {
    badge: "Texted back",
    title: (when: string) => `The lead texted the agency ${when}`,
  },
  notificationFailed: {
    badge: "Notification mail failed: call this lead from the inbox",
    title: "Notification mail failed",
    detail:
      "The mail telling the agency about this lead could not be delivered, so nobody was notified. Call this lead from the inbox; the mail can be sent again from the dashboard.",
    dashboardLink: "Go to the dashboard",
  },
  clock: {
    dueBy: (time: string) => `Due by ${time}`,
    minutes: (n: number) => `${n} min`,
    overdue: "Overdue",
    dueSoon: "Due soon",
    answeredIn: (duration: string) => `Answered in ${duration}`,
    notAnswered: "No response recorded",
  },
  detail: {
    loading: "Loading lead...",
    loadFailed: "Failed to load lead",
    notFound: "Lead not found",
    back: "Back to Leads",
    title: (reference: string) => `Lead ${reference}`,
    /** The large call and mail buttons at the top of a lead's screen on a phone. */
    call: (phone: string) => `Call ${phone}`,
    sendEmail: "Email",
    status: "Status",
    statusLabel: "Lead status",
    waiting: "Waiting",
    firstResponse: "First response",
    contact: "Contact",
    name: "Name",
    email: "Email",
    phone: "Phone",
    service: "Service",
    businessState: "Business state",
    outsideLicensedStates: "Outside the agency's licensed states",
    submitted: "Submitted details",
    documents: "Documents",
    noDocuments: "No documents attached",
    download: (name: string) => `Download ${name}`,
    consent: "Consent record",
    noConsent: "No consent record for this lead",
    consented: "Consented to SMS",
    consentVersion: "Version",
    consentText: "Text shown",
    consentTime: "Recorded",
    consentHash: "Record hash (SHA-256)",
    followUp: "Follow-up data",
    received: "Received",
    ip: "IP address",
    userAgent: "User agent",
    channel: "Channel",
    referrer: "Referrer",
    page: "Page",
    utm: "UTM parameters",
    none: "None",
    yes: "Yes",
    no: "No",
    saveStatus: "Save status",
    statusSaving: "Saving...",
  },
  assignment: {
    label: "Assigned to",
    unassigned: "Unassigned",
    inactive: (name: string) => `${name} (inactive)`,
    submit: "Assign",
    submitting: "Assigning...",
    assigned: (name: string) => `Lead assigned to ${name}.`,
    unassignedDone: "Lead unassigned.",
    failed: "Failed to assign the lead",
    invalidAdmin: "Choose an active admin, or Unassigned.",
  },
  notes: {
    label: "Note",
    hint: "Colleagues see it in the timeline, with your name and the time.",
    submit: "Add note",
    submitting: "Adding...",
    added: "Note added.",
    failed: "Failed to add the note",
    empty: "Write the note.",
    tooLong: (max: number) => `A note can be at most ${max} characters.`,
  },
  timeline: {
    title: "Timeline",
    by: (name: string) => `by ${name}`,
    received: (source: string) => `Lead received from ${source}`,
    statusChanged: (from: string, to: string) => `Status changed from ${from} to ${to}`,
    assigned: (name: string) => `Assigned to ${name}`,
    assignedRoundRobin: (name: string) => `Assigned to ${name} by round-robin`,
    unassigned: "Unassigned",
    note: "Note",
    escalationMail: (to: string) => `Escalation mail sent to ${to}`,
    overdueMail: (to: string) => `Overdue mail sent to ${to}`,
    addedByStaff: (name: string, source: string) => `Lead added by ${name} (source: ${source})`,
    detailsChanged: "Contact details corrected",
    outcomeChanged: "Outcome updated",
    renewalOn: (day: string) => `Renewal on ${day}`,
    xDateOn: (day: string) => `X-date on ${day}`,
    renewalMail: (what: string, to: string) => `${what} coming up: mail sent to ${to}`,
    renewalHandled: (what: string) => `${what} marked handled`,
    change: (field: string, from: string, to: string) => `${field}: ${from} → ${to}`,
    textSent: "Text sent to the lead",
    textInstant: "Instant text sent to the lead",
    textReceived: "Text from the lead",
    textOptOut: (words: string) => `The lead texted "${words}": texts stopped`,
    textOptIn: "The lead texted START: texts allowed again",
    emptyValue: "(none)",
  },
  /** /admin/leads/new and POST /api/leads: a lead a colleague adds for a call, a walk-in or a referral (docs/decisions/052). */
  newLead: {
    link: "New lead",
    title: "New lead",
    subtitle: "A person who phoned, walked in or was referred: the lead is stored as answered, and the agency is told.",
    legend: "The person and what they need",
    name: "Name",
    phone: "Phone",
    email: "Email",
    emailHint: "Leave empty when the person has no email address.",
    service: "Line of business",
    servicePlaceholder: "Select a line of business",
    source: "Source",
    note: "Note",
    noteHint: "What was said: it becomes the first note in the lead's timeline, with your name.",
    submit: "Add lead",
    submitting: "Adding...",
    cancel: "Cancel",
    added: (reference: string) => `Lead ${reference} added.`,
    failed: "Failed to add the lead",
    invalid: "Please correct the form errors",
    invalidSource: "Choose where the lead came from: Phone, Walk-in or Referral.",
    invalidService: "Choose a line of business.",
    invalidEmail: "Please enter a valid email address, or leave it empty",
    mailSubject: (source: string, name: string) => `Lead added by staff (${source}): ${name}`,
    mailHeading: (staff: string, source: string, name: string) => `${staff} added a lead from ${source}: ${name}`,
    mailFields: {
      name: "Name",
      email: "Email",
      phone: "Phone",
      service: "Line of business",
      source: "Source",
      addedBy: "Added by",
      note: "Note",
    },
  },
  /** The lead screen's contact details form and the same fields of PATCH /api/leads/:id. */
  details: {
    title: "Correct contact details",
    name: "Name",
    phone: "Phone",
    email: "Email",
    emailHint: "Leave empty when the person has no email address.",
    businessName: "Business name",
    submit: "Save details",
    submitting: "Saving...",
    saved: "Contact details saved.",
    unchanged: "Nothing changed.",
    failed: "Failed to save the contact details",
    invalidBusinessName: "Please enter the business name",
    businessNameTooLong: "Please keep the business name under 200 characters",
    noBusinessName: "This lead has no business name to correct.",
    nothingSent: "Send a status, an assigneeId, or a contact detail (name, phone, email, businessName).",
    fields: { name: "Name", phone: "Phone", email: "Email", businessName: "Business name" },
  },
  /** The lead screen's forms, posted to its own action. */
  form: {
    crossSite: "This form was sent from another site. Reload the page and try again.",
    notSupported: "Send the form as the page does (application/x-www-form-urlencoded).",
    tooLarge: "The form is too large.",
    unknownIntent: "Unknown action.",
    invalidStatus: "Choose one of the statuses.",
  },
  /** The list keeps itself current while it is open (GET /api/leads/pulse). */
  live: {
    /** The tab's title with the count of new leads waiting, so a background tab still shows them. */
    tabTitle: (waiting: number, title: string) => (waiting > 0 ? `(${waiting}) ${title}` : title),
    enableNotifications: "Turn on desktop notifications",
    // No visitor's name or contact details: a desktop notification shows on a lock screen.
    notificationTitle: (reference: string) => `New lead: ${reference}`,
    notificationBody: (what: string) => what,
  },
  /** "Is the promise kept?" on the dashboard (sla.ts has the rules). */
  promise: {
    title: "Call-back promise",
    explain: (minutes: number, officeHours: boolean) =>
      `Leads answered, and new leads past their due time, measured against the ${minutes}-minute promise${
        officeHours ? " in office-hours minutes (Monday to Friday, 9:00 AM to 5:00 PM Central)" : ""
      }.`,
    periods: { last7Days: "Last 7 days", last30Days: "Last 30 days" },
    within: "Answered within the promise",
    median: "Median first response",
    leads: "Leads counted",
    assignee: "Assigned to",
    byAssignee: "The promise by assignee",
    percent: (value: number) => `${value}%`,
    minutes: (value: number) => `${value} min`,
    none: "—",
    loadFailed: "The lead figures could not be loaded just now.",
  },
} as const;

/**
 * What a change to a lead answers when it corrected contact details too: the details' message first,
 * then the outcome's (docs/decisions/060), then the status's and the assignment's as leadUpdateMessage words them.
 */
export function leadPatchMessage(
  change: { status?: unknown; assigneeId?: unknown },
  details: { sent: boolean; changed: boolean },
  lead: { assigneeName: string | null },
  outcome: { sent: boolean; changed: boolean } = { sent: false, changed: false },
): string {
  const parts: string[] = [];
  if (details.sent) parts.push(details.changed ? inboxMessages.details.saved : inboxMessages.details.unchanged);
  if (outcome.sent) parts.push(outcome.changed ? outcomeMessages.saved : outcomeMessages.unchanged);
  if (change.status !== undefined || change.assigneeId !== undefined) {
    const rest = leadUpdateMessage(change, lead);
    parts.push(rest.endsWith(".") ? rest : `${rest}.`);
  }
  return parts.join(" ");
}

/** What a change to a lead answers: the status's message, the assignment's, or both. */
export function leadUpdateMessage(change: { status?: unknown; assigneeId?: unknown }, lead: { assigneeName: string | null }): string {
  const parts: string[] = [];
  if (change.status !== undefined) parts.push(`${inboxMessages.statusUpdated}.`);
  if (change.assigneeId !== undefined) {
    parts.push(lead.assigneeName ? inboxMessages.assignment.assigned(lead.assigneeName) : inboxMessages.assignment.unassignedDone);
  }
  // A status change alone keeps the answer it always had.
  return change.assigneeId === undefined ? inboxMessages.statusUpdated : parts.join(" ");
}
