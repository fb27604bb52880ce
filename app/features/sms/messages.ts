/**
 * Every text the site sends and every word the screens say about texting (docs/decisions/064), in one
 * place. Browser-safe: the lead screen and the account screen read it.
 */
export const smsMessages = {
  /** What every text to a lead ends with. */
  optOutLine: "Reply STOP to opt out, HELP for help.",
  /** The instant reply to a new lead who gave SMS consent, within the minute. */
  instantReply: (agency: string, reference: string, callBack: string) =>
    `${agency}: thanks, we have your request (ref ${reference}). ${callBack} Reply STOP to opt out, HELP for help.`,
  /** When the call is due, when office hours do not stretch the promise. */
  callBackWithin: (minutes: number) => `Expect our call within ${minutes} minutes.`,
  /** The welcome to someone who signed up for texts on the SMS consent page (no lead, no reference). */
  consentWelcome: (agency: string) =>
    `${agency}: you are signed up for texts from us. Msg & data rates may apply. Reply STOP to opt out, HELP for help.`,
  /** The one answer to STOP: nothing is sent to the number after it. */
  stopConfirmation: (agency: string) =>
    `${agency}: you are unsubscribed and will get no more texts from us. Reply START to subscribe again.`,
  help: (agency: string, phone: string) => `${agency}: for help call ${phone}. Msg & data rates may apply. Reply STOP to opt out.`,
  startConfirmation: (agency: string) => `${agency}: you are subscribed to texts again. Reply STOP to opt out, HELP for help.`,
  /** Alerts to a colleague who asked for them on their account. */
  staffNewLead: (reference: string, name: string, url: string) => `New lead ${reference} (${name}) is yours. ${url}`,
  staffEscalation: (reference: string, name: string, url: string) =>
    `Lead ${reference} (${name}) is still waiting for its call back. ${url}`,
  /** The mail that tells the owner a lead texted back. */
  replyMail: {
    subject: (name: string) => `Text from ${name}`,
    heading: (name: string) => `${name} texted the agency`,
    message: "Message",
    from: "From",
    newContactSubject: "Text from a new number",
    newContactName: (phone: string) => `Text from ${phone}`,
    newContactSource: "Text message",
  },
  /** The lead screen's texting panel. */
  screen: {
    title: "Texts",
    off: "Texting is off: the site has no Twilio account set (TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM_NUMBER).",
    noPhone: "This lead's phone number cannot receive texts.",
    noConsent: "This lead has not agreed to texts, so none can be sent.",
    revoked: "This lead texted STOP: no text can be sent to them.",
    label: "Text to the lead",
    hint: (max: number) => `Up to ${max} characters. The lead can reply by text.`,
    send: "Send text",
    sending: "Sending...",
    sent: "The text is queued and goes out in a moment.",
    empty: "Write the text first.",
    tooLong: (max: number) => `A text is at most ${max} characters.`,
    refused: "The text was not sent: the lead has not agreed to texts, or has texted STOP.",
    quiet: "It is quiet hours where the lead is: the text goes at the end of them.",
  },
  /** Delivery as Twilio reports it, per text. */
  deliveryStatus: {
    waiting: "Waiting",
    queued: "Queued",
    accepted: "Queued",
    sending: "Sending",
    sent: "Sent",
    delivered: "Delivered",
    failed: "Failed",
    undelivered: "Not delivered",
    cancelled: "Not sent",
    dead: "Gave up",
  } as Record<string, string>,
  /** The account screen's alerts by text. */
  account: {
    title: "Alerts by text",
    intro: "New leads given to you and escalations also arrive as a text to your mobile.",
    off: "Texting is off on this site, so alerts come by mail only.",
    phoneLabel: "Mobile number",
    phoneHint: "A US mobile number, e.g. (512) 555-0142.",
    optInLabel: "Text me new leads given to me and escalations",
    save: "Save alerts",
    saving: "Saving...",
    saved: "Your alert settings are saved.",
    badPhone: "Enter a mobile number such as (512) 555-0142.",
    phoneRequired: "Enter your mobile number to get alerts by text.",
  },
} as const;

/** The longest inbound text kept (longer ones are cut) and the longest text staff may send. */
export const TEXT_MAX_CHARS = 1600;
