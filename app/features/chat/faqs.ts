/**
 * The chat widget's four canned FAQs (spec 001 section 2). Browser-safe: the widget shows them, and
 * the assistant's knowledge base holds them too ("faq:chat:{index}"), so a typed question gets the
 * same answer as a tapped one. Every figure comes from the agency's stored profile (`SiteFacts`).
 */
import { chatInsuranceTypes } from "~/content/options";
import { perSite, type SiteFacts } from "~/content/site-facts";
import { officeHoursShort } from "./messages";

export type ChatFaq = { question: string; answer: string };

const lines = chatInsuranceTypes.filter((t) => t !== "Other");
const lineList = `${lines.slice(0, -1).join(", ")} and ${lines.at(-1)}`;

/** The FAQs with the site's figures: `chatFaqs(useSite())` in the widget, `chatFaqs(facts)` on the server. */
export const chatFaqs: (site: SiteFacts) => ChatFaq[] = perSite((site) => {
  const { promises } = site;
  const phone = site.agency.phone.primary.display;
  const officeHours = officeHoursShort(site);
  return [
    {
      question: "What types of insurance do you offer?",
      answer: `We insure businesses in six lines: ${lineList}, plus related coverage such as workers' comp, commercial auto, umbrella and bonds. As an independent agency we compare ${promises.carriers} carriers in the ${site.licensedStateCount} states where we're licensed.`,
    },
    {
      question: "How quickly can I get a quote?",
      answer: `Most quotes come back in about ${promises.quoteMinutes} minutes during office hours (${officeHours}), and a licensed agent contacts you within ${promises.contactMinutes} minutes of your request. Large fleets and high-value buildings can take longer, and we'll tell you up front.`,
    },
    {
      question: "Do you offer 24/7 support?",
      answer: `Yes, claims and emergencies can be reported ${promises.claimsSupport} at ${phone}. Our office hours for quotes, policy changes and questions are ${officeHours}.`,
    },
    {
      question: "How do I file a claim?",
      answer: `Call us at ${phone} any time, ${promises.claimsSupport}, with your policy number, the date and place of the loss and photos if you have them. We file the first notice of loss with your carrier, tell you what the adjuster will need and follow up until the claim is settled.`,
    },
  ];
});
