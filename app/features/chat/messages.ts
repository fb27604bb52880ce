/**
 * The chat assistant's texts and limits (spec 001 sections 2, 4, 8 and 9), shared by the widget and
 * the server. Browser-safe and small. The agency's phone, hours and promises come from its stored
 * profile (`SiteFacts`), so texts naming them are functions of the facts.
 */
import { type SiteFacts, WEEKDAYS } from "~/content/site-facts";

export const chatLimits = {
  /** Longest visitor message, in characters after trimming (spec 001 section 9: "maximum context length 2000"). */
  maxMessageLength: 2000,
  /** The conversation is summarised after each exchange once the session holds this many messages. */
  summaryThreshold: 5,
  /** Longest name, email and phone accepted by the intake form. */
  maxNameLength: 100,
} as const;

/** How the widget names the assistant's and the visitor's roles in the API. */
export const chatRoles = ["user", "assistant"] as const;
export type ChatRole = (typeof chatRoles)[number];

const opensAtAll = (site: SiteFacts) => WEEKDAYS.some((day) => site.agency.hours.days[day] !== null);

/** "Monday - Friday, 9:00 AM - 5:00 PM CT": the office hours in the chat's short form. */
export function officeHoursShort(site: SiteFacts): string {
  return opensAtAll(site) ? `${site.agency.hours.open} ${site.agency.hours.zone}` : site.agency.hours.open;
}

/** "Monday - Friday, 9:00 AM - 5:00 PM Central Time": the office hours with the time zone's name. */
export function officeHoursLong(site: SiteFacts): string {
  return opensAtAll(site) ? `${site.agency.hours.open} ${site.agency.hours.zoneName}` : site.agency.hours.open;
}

export const chatTexts = {
  panelTitle: "Chat with AI Assistant",
  intakeHeading: "Please provide your information to start chatting",
  startChat: "Start Chat",
  thinking: "Thinking...",
  inputPlaceholder: "Type your message...",
  faqsButton: "FAQs",
  /** The contact shown by the contact-info button. */
  contactName: "Insurance Expert",

  fields: {
    name: "Name is required",
    nameTooLong: `Please keep the name under ${chatLimits.maxNameLength} characters`,
    email: "Please enter a valid email",
    phone: "Please enter a valid phone number",
    insuranceType: "Please select an insurance type",
  },
  /** The answer to an intake that does not validate (with per-field `errors`). */
  invalidIntake: "Please check your details and try again.",
  blankMessage: "Please type a message.",
  messageTooLong: "Please keep your message under 2,000 characters.",

  /** Spec 001 section 8. */
  errors: {
    createSession: "Failed to create chat session",
    sessionIdRequired: "Session ID is required",
    sessionNotFound: "Session not found",
    history: "Failed to retrieve chat history",
    startFailed: "Failed to start chat. Please try again.",
    sendFailed: "Failed to send message. Please try again.",
    emptyReply: "I apologize, but I'm having trouble generating a response. Please try again or contact our team directly.",
    createConversation: "Failed to create/get conversation",
    addMessage: "Failed to add message",
    fetchConversations: "Failed to fetch conversations",
  },

  /** Rate limits: the API adds the agency's number to "call us" (`withPhone`). */
  tooManySessions: "Too many chats started from your network. Please wait a few minutes, or call us.",
  tooManyMessages: "You're sending messages faster than we can answer. Please wait a few minutes, or call us.",
} as const;

/** "Other" reads badly mid-sentence. */
function lineName(insuranceType: string): string {
  return insuranceType === "Other" ? "your insurance needs" : insuranceType;
}

/**
 * The first message of a new chat (spec 001 section 4: it names the visitor and the chosen insurance
 * type). The server stores it as the session's first assistant message, so the admin transcript shows
 * what the visitor saw; the widget shows the same text.
 */
export function chatGreeting(name: string, insuranceType: string): string {
  return `Hi ${name}! Thanks for reaching out about ${lineName(insuranceType)}. I can answer questions about our coverage, quotes, certificates and claims. What can I help you with?`;
}

/** When the assistant has nothing grounded to say: an honest hand-off to a person. */
export function chatHandOff(site: SiteFacts): string {
  return `I don't have that answer here; a licensed agent can help at ${site.agency.phone.primary.display} (${officeHoursShort(site)}) or on WhatsApp.`;
}

/** A question about a line of insurance the agency does not write ("life insurance"): said plainly, with the agent's contact. */
export function chatNotOurLine(site: SiteFacts, line: string): string {
  return `We don't write ${line}: ${site.agency.name} insures businesses (commercial trucking, contractors, general liability, commercial property, HOAs and investment property). A licensed agent at ${site.agency.phone.primary.display} (${officeHoursShort(site)}) can point you in the right direction.`;
}

/** A question in another language than English: the agent's contact, in English and in Spanish. */
export function chatOtherLanguage(site: SiteFacts): string {
  const phone = site.agency.phone.primary.display;
  return `I can only answer in English here. A licensed agent can help you at ${phone} (${officeHoursShort(site)}) or on WhatsApp. / Solo puedo responder en inglés. Un agente con licencia puede ayudarle al ${phone} o por WhatsApp.`;
}

/** When the AI budget of a chat (or of the day) is used up: no more model calls, a person takes over. */
export function chatBudgetHandOff(site: SiteFacts): string {
  return `I've reached the limit of what I can answer in this chat. A licensed agent will gladly pick it up at ${site.agency.phone.primary.display} (${officeHoursShort(site)}) or on WhatsApp.`;
}
