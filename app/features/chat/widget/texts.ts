/**
 * The chat widget's own texts: its control labels and the WhatsApp message. The spec's chat texts
 * (title, intake heading, field messages, toasts, greeting) are shared with the server in
 * ../messages.ts, the FAQs in ../faqs.ts.
 */
import { chatTexts } from "../messages";

export const widgetTexts = {
  openButton: "Open chat",
  title: chatTexts.panelTitle,
  faqs: chatTexts.faqsButton,
  faqsShow: "Show frequently asked questions",
  faqsHide: "Back to the conversation",
  faqHeading: "Frequently asked questions",
  minimize: "Minimize chat",
  expand: "Expand chat",
  close: "Close chat",
  intakeHeading: chatTexts.intakeHeading,
  labels: { name: "Name", email: "Email", phone: "Phone", insuranceType: "Insurance Type" },
  insurancePlaceholder: "Select insurance type",
  start: chatTexts.startChat,
  starting: "Starting...",
  conversation: "Conversation",
  you: "You",
  assistant: "AI Assistant",
  thinking: chatTexts.thinking,
  /** Before the link to the page an answer came from. */
  moreOnThis: "More on this:",
  inputLabel: "Your message",
  inputPlaceholder: chatTexts.inputPlaceholder,
  send: "Send message",
  contactButton: "Contact info",
  contactName: chatTexts.contactName,
  contactPhone: "Phone",
  contactEmail: "Email",
  whatsapp: "WhatsApp",
  whatsappLabel: "Chat with us on WhatsApp (opens in a new tab)",
  startFailed: chatTexts.errors.startFailed,
  sendFailed: chatTexts.errors.sendFailed,
  /** The WhatsApp message typed in for the visitor. */
  whatsappText: (name?: string, insuranceType?: string) =>
    name && insuranceType && insuranceType !== "Other"
      ? `Hi, I'm ${name} and I have a question about ${insuranceType}.`
      : name
        ? `Hi, I'm ${name} and I have a question about commercial insurance.`
        : "Hi, I have a question about commercial insurance.",
} as const;
