/**
 * The site's legal texts: the Privacy Policy, the Terms and Conditions and the SMS consent
 * wording shown beside the SMS checkbox on forms. Pages render these as data.
 *
 * The agency's name, phone, email, address and number of licensed states always come from the
 * stored profile's facts, so the legal texts can never disagree with the rest of the site.
 */
import { retentionDefaults } from "./retention";
import { fullAddress, mailtoHref, perSite, type SiteFacts, telHref } from "./site-facts";
import { type Inline, inlineToPlainText, legalPaths, smsConsent } from "./sms-consent";

export { type Inline, inlineToPlainText, legalPaths, smsConsent };

export type LegalBlock = { type: "p"; content: Inline[] } | { type: "ul"; items: Inline[][] };
export type LegalSection = { id: string; heading: string; blocks: LegalBlock[] };
export type LegalDocument = {
  title: string; // "Privacy Policy" / "Terms and Conditions"
  metaDescription: string; // 140-160 chars
  lastUpdated: string; // "March 24, 2025"
  lastUpdatedIso: string; // "2025-03-24"
  intro: Inline[];
  sections: LegalSection[]; // ids kebab-case, unique
  related: { text: string; href: string }; // link to the other document
};

// ---------------------------------------------------------------------------
// Shared pieces
// ---------------------------------------------------------------------------

const LAST_UPDATED = "March 24, 2025";
const LAST_UPDATED_ISO = "2025-03-24";
/** The Privacy Policy changed on its own when it started stating each retention period. */
const PRIVACY_LAST_UPDATED = "November 24, 2026";
const PRIVACY_LAST_UPDATED_ISO = "2026-11-24";

/** A retention period as the policy states it: "2 years", "180 days". */
export function periodText(days: number): string {
  if (days % 365 === 0) return days === 365 ? "1 year" : `${days / 365} years`;
  return days === 1 ? "1 day" : `${days} days`;
}

const retention = {
  leads: periodText(retentionDefaults.leadDays),
  contacts: periodText(retentionDefaults.contactDays),
  chats: periodText(retentionDefaults.chatDays),
  applications: periodText(retentionDefaults.applicationDays),
  mails: periodText(retentionDefaults.mailDays),
  consent: `${retentionDefaults.consentYears} years`,
};

const privacyLink = { text: "Privacy Policy", href: legalPaths.privacyPolicy };
const termsLink = { text: "Terms and Conditions", href: legalPaths.termsAndConditions };

/** The Texas Department of Insurance consumer help line (a public number, not the agency's). */
const tdiHelpLink = { text: "1-800-252-3439", href: "tel:+18002523439" };

const p = (...content: Inline[]): LegalBlock => ({ type: "p", content });
const ul = (...items: (Inline | Inline[])[]): LegalBlock => ({
  type: "ul",
  items: items.map((item) => (Array.isArray(item) ? item : [item])),
});

/** The Privacy Policy and the Terms and Conditions with `site`'s facts. */
export const legalDocuments = perSite((site: SiteFacts): { privacyPolicy: LegalDocument; termsAndConditions: LegalDocument } => {
  const { agency, licensedStateCount } = site;
  const phoneLink = { text: agency.phone.primary.display, href: telHref(agency.phone.primary.e164) };
  const emailLink = { text: agency.email, href: mailtoHref(agency.email) };

  /** The contact block used at the end of both documents. */
  function contactBlocks(topic: string): LegalBlock[] {
    return [
      p(`If you have questions about ${topic}, or want to make a request, contact us:`),
      ul(
        agency.name,
        `Mail: ${fullAddress(site)}`,
        ["Phone: ", phoneLink],
        ["Email: ", emailLink],
        `Office hours: ${agency.hours.open} ${agency.hours.zoneName}`,
      ),
    ];
  }

  // ---------------------------------------------------------------------------
  // Privacy Policy
  // ---------------------------------------------------------------------------

  const privacyPolicy: LegalDocument = {
    title: "Privacy Policy",
    metaDescription: `How ${agency.name} collects, uses and protects information from quote requests, uploads, texts and chats. We never sell your personal data.`,
    lastUpdated: PRIVACY_LAST_UPDATED,
    lastUpdatedIso: PRIVACY_LAST_UPDATED_ISO,
    intro: [
      `${agency.name} ("we", "us" or "our") is an independent commercial insurance agency based in ${agency.address.city}, ${agency.address.regionName}. `,
      "This Privacy Policy explains what information we collect through this website, by phone, email and text message, how we use it, who we share it with and the choices you have. ",
      "By using this website or sending us information, you agree to the practices described here. Please also read our ",
      termsLink,
      ".",
    ],
    sections: [
      {
        id: "information-we-collect",
        heading: "Information We Collect",
        blocks: [
          p("We collect information you give us directly when you:"),
          ul(
            "Send us a message through a contact form: your name, business name, email address, phone number and the content of your message.",
            "Request a quote: details about you and your business, such as business type, locations, number of employees, payroll or revenue, vehicles, drivers, current coverage and claims history.",
            "Upload documents with a quote request, such as commercial driver's licenses (CDL), vehicle registrations, loss runs, current policy declarations or certificates. These documents can contain driver's license numbers, dates of birth, vehicle identification numbers and claims details.",
            "Give consent to receive text messages: your mobile number, the consent wording you agreed to, and the date and time you agreed.",
            "Apply for a job: your name, contact details, work history, licenses, resume and anything else you choose to include.",
            "Chat with the AI assistant on our website: the messages you type and the assistant's replies, plus any contact details you share in the conversation.",
            "Call, email or text us: the contents of those communications and our notes about them.",
          ),
          p("We also collect some information automatically when you visit the website:"),
          ul(
            "Technical data sent by your browser, such as IP address, browser type, device type, pages requested and the date and time of each request. Our servers record this in security and error logs.",
            [
              "If Google Analytics is enabled on the site, usage data such as pages viewed, time on page, approximate location and how you arrived at the site. See ",
              { text: "Cookies and Analytics", href: `${legalPaths.privacyPolicy}#cookies-and-analytics` },
              " below.",
            ],
          ),
          p(
            "When we shop coverage for you, insurance carriers may obtain additional information as permitted by law, such as motor vehicle records, claims history reports or inspection reports. Those carriers handle that information under their own privacy notices.",
          ),
          p(
            "Please do not send Social Security numbers, bank account numbers or medical information through website forms or the chat unless we specifically ask for them. If that information is needed to complete an application, we will tell you how to provide it securely.",
          ),
        ],
      },
      {
        id: "how-we-use-information",
        heading: "How We Use Your Information",
        blocks: [
          p("We use the information we collect to:"),
          ul(
            "Respond to your messages, questions and chat conversations.",
            "Prepare and compare quotes, submit applications to insurance carriers on your behalf, and place, service and renew your coverage.",
            "Help you with certificates of insurance, policy changes, billing questions and claims.",
            "Send text messages and emails you have agreed to receive, such as quote follow-ups, policy and claim updates, appointment reminders and service notices.",
            "Review job applications and contact applicants.",
            "Keep records required of a licensed insurance agency and meet our legal, regulatory and audit obligations.",
            "Operate, secure and improve the website, the chat assistant and our services, and detect and prevent fraud, spam and misuse.",
          ),
          p(
            "The chat assistant uses your messages to generate replies and may summarize a conversation so that a licensed team member can follow up. It does not make coverage decisions. A person at our agency reviews any quote request or service request before acting on it.",
          ),
        ],
      },
      {
        id: "how-we-share-information",
        heading: "How We Share Information",
        blocks: [
          p("We share personal information only as needed to serve you and run our agency:"),
          ul(
            "Insurance carriers, wholesale brokers and managing general agents, when you ask us to obtain a quote or place coverage. They need your information to underwrite, price and issue a policy.",
            "Premium finance companies, if you choose to finance your premium.",
            "Service providers who work for us under confidentiality obligations, such as website hosting, data storage, email delivery, text message delivery, website analytics and the artificial intelligence service that powers the chat assistant. They may use the information only to provide their services to us.",
            "Government agencies, regulators, courts or law enforcement, when required by law or to protect the rights, property or safety of our clients, our agency or others.",
            "A buyer or successor, if our agency is merged, sold or transferred, subject to this Privacy Policy.",
          ),
          p(
            "We follow the privacy rules that apply to insurance agencies, including the federal Gramm-Leach-Bliley Act and the privacy rules of the Texas Department of Insurance.",
          ),
        ],
      },
      {
        id: "sms-consent-and-text-messages",
        heading: "SMS Consent and Text Messages",
        blocks: [
          p(
            `If you check the SMS consent box on one of our forms, ${agency.name} may send text messages to the mobile number you provided about quote follow-ups, policy and claim updates, appointment reminders and service notices. Message frequency varies. Msg & data rates may apply.`,
          ),
          p(
            "Mobile numbers and text message opt-in data and consent are not shared with any third parties or affiliates for marketing or promotional purposes. We share mobile numbers only with the service providers that deliver our text messages, and only so they can deliver them.",
          ),
          p(
            `We keep a record of your consent, including the wording you agreed to and when, so that we can show that you asked to receive messages. We keep it for ${retention.consent} after you give it (see How We Protect and Retain Your Data below). Consent is not a condition of purchase.`,
          ),
          p(
            "You can opt out at any time by replying STOP to any message; you will receive one final message confirming the opt-out. Reply HELP for help, or call us at ",
            phoneLink,
            ". See our ",
            { text: "SMS consent page", href: legalPaths.smsConsent },
            " and the SMS Messaging Terms in our ",
            { text: "Terms and Conditions", href: `${legalPaths.termsAndConditions}#sms-messaging-terms` },
            " for details.",
          ),
        ],
      },
      {
        id: "we-do-not-sell-your-data",
        heading: "We Do Not Sell or Share Your Personal Data",
        blocks: [
          p(
            "We do not sell your personal information, and we have not sold it in the past. We do not share your personal information for targeted advertising, and we do not use it for profiling that produces legal or similarly significant decisions about you.",
          ),
          p(
            "Disclosures to insurance carriers and the other parties described above are made only to provide the services you ask for, or as required by law, and are not sales.",
          ),
        ],
      },
      {
        id: "data-security-and-retention",
        heading: "How We Protect and Retain Your Data",
        blocks: [
          p("We use reasonable administrative, technical and physical safeguards to protect your information, including:"),
          ul(
            "Encrypted connections (HTTPS) between your browser and our website.",
            "Access to submitted forms, uploaded documents and chat conversations limited to authorized staff who need it to serve you, protected by sign-in.",
            "Service providers selected for their security practices and bound by confidentiality obligations.",
          ),
          p(
            "No method of transmitting or storing data is completely secure, so we cannot guarantee absolute security. If we learn of a security breach that affects your personal information, we will notify you as required by law.",
          ),
          p(
            "We keep personal information only as long as we need it for the purposes described in this policy. Information sent through this website is deleted automatically, by a process that runs every day, when its period ends:",
          ),
          ul(
            `Quote requests and other requests for coverage, with the documents uploaded with them: ${retention.leads} after our last action on the request.`,
            `Messages sent through the contact form: ${retention.contacts} after they arrive.`,
            `Chat conversations: ${retention.chats} after the last message.`,
            `Job applications: ${retention.applications} after they arrive, the period U.S. equal employment opportunity rules require employers to keep them.`,
            `Emails our website sends to you and to our team: the text of each email is deleted as soon as it has been delivered, and the rest of its record (the address, subject and time, and the text of an email that could not be delivered) after ${retention.mails}. An email telling our team about your request that could not be delivered is kept as long as the request, and deleted with it.`,
            `SMS consent records: ${retention.consent} after they are made. Claims about text messages under the federal Telephone Consumer Protection Act can be brought for four years, and these records are how we show that our messages were sent with your consent, so we keep them for this period even when you ask us to delete your other information.`,
          ),
          p(
            "When you become a client, the information we need to place and service your coverage becomes part of your client file, which we keep for as long as you are a client and afterwards for as long as insurance laws, licensing rules and our legal obligations require.",
          ),
        ],
      },
      {
        id: "cookies-and-analytics",
        heading: "Cookies and Analytics",
        blocks: [
          p("Cookies are small files a website stores in your browser. We use them sparingly:"),
          ul(
            "Essential cookies: our staff sign in to an administration area, and a secure session cookie keeps them signed in. Visitors do not need to sign in, and the site works without setting cookies for ordinary browsing. Essential cookies cannot be switched off without breaking the feature they support.",
            "Analytics cookies: when Google Analytics is enabled on the site, Google sets cookies that tell us how visitors use the website, such as which pages are visited and how people find us. We use this information in aggregate to improve the site, not to identify you or to advertise to you. Google processes this data under its own privacy policy.",
          ),
          p(
            "You can block or delete cookies in your browser settings, and Google offers a browser add-on that opts you out of Google Analytics on all websites. Blocking analytics cookies does not affect how our website works for you.",
          ),
        ],
      },
      {
        id: "your-privacy-rights",
        heading: "Your Privacy Rights",
        blocks: [
          p("Depending on where you live, and subject to the exceptions the law allows, you may have the right to:"),
          ul(
            "Access: confirm whether we process your personal information and get a copy of it.",
            "Correction: ask us to correct inaccurate information.",
            "Deletion: ask us to delete information you provided or that we hold about you.",
            "Portability: receive a copy of information you provided in a portable format.",
            "Opt out: stop text messages or marketing emails at any time, and opt out of any sale of personal data, targeted advertising or significant profiling (we do not do these).",
          ),
          p(
            "Texas residents have these rights under the Texas Data Privacy and Security Act, to the extent it applies, and residents of other states may have similar rights under their state laws. We will not discriminate against you for exercising your rights.",
          ),
          p(
            "To make a request, call us at ",
            phoneLink,
            " or email ",
            emailLink,
            ". We will verify your identity before acting on a request and respond within 45 days, or tell you if we need more time as the law allows. You may use an authorized agent to make a request on your behalf. Some information cannot be deleted because insurance laws require us to keep it; if so, we will explain why.",
          ),
          p(
            "To have your information deleted, tell us the email address you used with us. We will delete every quote request, contact message, chat conversation, job application, uploaded document and email linked to that address, and replace your address wherever someone else wrote it in what they sent us. We keep only your SMS consent records, for the period explained above, and a note that a deletion was made, which does not contain your personal information.",
          ),
          p(
            'If we decline your request, you may appeal by replying to our decision or by emailing us with the subject line "Privacy Appeal". We will respond to appeals within 60 days. If you are not satisfied with the result of your appeal, you may contact the Office of the Texas Attorney General or the attorney general of your state.',
          ),
        ],
      },
      {
        id: "childrens-privacy",
        heading: "Children's Privacy",
        blocks: [
          p(
            "Our website and services are intended for business owners and other adults. We do not knowingly collect personal information from children under 13, and we ask that no one under 18 submit information through the website. If you believe a child has given us personal information, contact us and we will delete it.",
          ),
        ],
      },
      {
        id: "changes-to-this-policy",
        heading: "Changes to This Policy",
        blocks: [
          p(
            'We may update this Privacy Policy from time to time. When we do, we will post the new version on this page and change the "last updated" date above. If we make material changes, we will post a notice on the website before they take effect. We will not use your mobile number for a new purpose without asking for your consent.',
          ),
        ],
      },
      {
        id: "contact-us",
        heading: "Contact Us",
        blocks: contactBlocks("this Privacy Policy or how we handle your information"),
      },
    ],
    related: { text: "Terms and Conditions", href: legalPaths.termsAndConditions },
  };

  // ---------------------------------------------------------------------------
  // Terms and Conditions
  // ---------------------------------------------------------------------------

  const termsAndConditions: LegalDocument = {
    title: "Terms and Conditions",
    metaDescription: `Terms for using the ${agency.name} website: insurance quotes and services, SMS messaging, licensing, liability limits and Texas law.`,
    lastUpdated: LAST_UPDATED,
    lastUpdatedIso: LAST_UPDATED_ISO,
    intro: [
      `These Terms and Conditions govern your use of the ${agency.name} website, its forms and chat assistant, and the text messages we send. `,
      "By using the website, submitting a form or opting in to text messages, you agree to these terms. If you do not agree, please do not use the website. ",
      "Our ",
      privacyLink,
      " explains how we handle your information and is part of these terms.",
    ],
    sections: [
      {
        id: "insurance-services",
        heading: "Insurance Services",
        blocks: [
          p(
            `${agency.name} is an independent insurance agency. We are not an insurance company. We help businesses find commercial insurance and place coverage with insurance carriers; the carrier, not our agency, issues the policy and pays covered claims.`,
          ),
          ul(
            "Quotes are estimates based on the information provided and the carrier's guidelines at that time. A quote is not a policy, an offer of coverage or a promise that coverage will be issued.",
            "Coverage is not in force until it has been bound by an insurance carrier and we have confirmed that to you in writing. Submitting a quote request, uploading documents, chatting with our assistant, sending a text message or receiving a quote does not bind coverage.",
            "All coverage is subject to the carrier's underwriting approval and to the terms, conditions, limits and exclusions of the policy actually issued. If anything on this website differs from your policy, the policy controls.",
            "Premiums, eligibility and availability depend on the carrier, your business and the state where the risk is located, and can change until a policy is bound.",
            "We do not sell policies online. Coverage cannot be bound, changed or cancelled through website forms, the chat or text messages unless a licensed member of our team confirms the request in writing.",
          ),
          p(
            "You are responsible for giving complete and accurate information in quote requests and applications. Incorrect or incomplete information can change your premium, lead a carrier to deny a claim, or cause a policy to be cancelled.",
          ),
        ],
      },
      {
        id: "using-this-website",
        heading: "Using This Website",
        blocks: [
          p(
            "The information on this website is general information about commercial insurance. It is not legal, tax or financial advice and does not describe the terms of any particular policy. Talk with a licensed agent about your specific needs.",
          ),
          p("When you use the website, you agree to:"),
          ul(
            "Provide information that is true and that you are authorized to share, including information and documents about your employees, drivers and vehicles, such as CDLs, vehicle registrations and loss runs.",
            "Upload only documents related to your insurance request and free of viruses or other harmful code.",
            "Not use the website for any unlawful purpose, to send spam, to impersonate anyone, or to interfere with the site's operation or security.",
            "Not copy, scrape or republish the website's content, names or logos without our written permission.",
          ),
          p(
            "We may change, suspend or discontinue any part of the website at any time. We may refuse or delete submissions that break these terms.",
          ),
        ],
      },
      {
        id: "ai-chat-assistant",
        heading: "AI Chat Assistant",
        blocks: [
          p(
            "Our website offers a chat assistant powered by artificial intelligence. It can answer general questions and collect details for a member of our team, but it is not a licensed insurance agent. Its answers may be incomplete or incorrect, and it cannot quote final premiums, bind or change coverage, or decide whether a claim is covered.",
          ),
          p(
            "Rely only on confirmation from a licensed member of our team and on your policy documents. To report a claim or for anything urgent, call us at ",
            phoneLink,
            " or contact your insurance carrier directly. Chat conversations are stored and handled as described in our ",
            privacyLink,
            ".",
          ),
        ],
      },
      {
        id: "sms-messaging-terms",
        heading: "SMS Messaging Terms",
        blocks: [
          p(
            `Program description: ${agency.name} sends text messages to clients and prospective clients who opt in on our website forms or otherwise give us consent. Messages include quote follow-ups, policy and claim updates, appointment reminders and service notices.`,
          ),
          ul(
            "Message frequency varies based on your requests and your account activity.",
            "Msg & data rates may apply, depending on your mobile plan.",
            "Reply STOP to any message to opt out. You may also reply CANCEL, END, QUIT or UNSUBSCRIBE. You will receive one final message confirming that you have opted out, and no further messages unless you opt in again.",
            ["Reply HELP for help, or contact us at ", phoneLink, " or ", emailLink, "."],
            "Consent to receive text messages is not a condition of purchase of any product or service.",
            "Wireless carriers are not liable for delayed or undelivered messages.",
            "You confirm that you are the account holder or an authorized user of the mobile number you provide, and you will tell us if that number changes.",
          ),
          p(
            "Mobile numbers and opt-in data are not shared with third parties or affiliates for marketing purposes. See our ",
            privacyLink,
            " and our ",
            { text: "SMS consent page", href: legalPaths.smsConsent },
            " for more.",
          ),
        ],
      },
      {
        id: "professional-standards",
        heading: "Professional Standards and Licensing",
        blocks: [
          p(
            `${agency.name} and its agents are licensed to sell insurance in ${licensedStateCount} states. Texas is our resident state, and our Texas license is issued and regulated by the Texas Department of Insurance. We can place coverage only in states where we hold a license and only with carriers we are authorized to represent; license details are available on request.`,
          ),
          p(
            "If you have a concern about our service, please contact us first so that we can make it right. You may also contact the Texas Department of Insurance consumer help line at ",
            tdiHelpLink,
            ", or the insurance department of the state where you live or where your business operates.",
          ),
        ],
      },
      {
        id: "limitation-of-liability",
        heading: "Limitation of Liability",
        blocks: [
          p(
            'The website and its content, including the chat assistant, are provided "as is" and "as available", without warranties of any kind, to the fullest extent permitted by law. We do not guarantee that the website will be uninterrupted, error-free or free of harmful components.',
          ),
          p(
            `To the fullest extent permitted by law, ${agency.name}, its owners, employees and agents will not be liable for any indirect, incidental, special, consequential or punitive damages, or for any loss of profits, data or business, arising from your use of or inability to use the website, the chat assistant or our text messages. Our total liability for any claim arising from your use of the website will not exceed one hundred U.S. dollars ($100).`,
          ),
          p(
            "Nothing in these terms limits any right you have under an insurance policy, any duty we owe you as a licensed insurance agency, or any liability that cannot be limited under applicable law.",
          ),
        ],
      },
      {
        id: "governing-law",
        heading: "Governing Law and Venue",
        blocks: [
          p(
            "These terms are governed by the laws of the State of Texas, without regard to its conflict-of-laws rules. Any dispute arising from these terms or your use of the website will be brought in the state or federal courts located in Williamson County, Texas, and you consent to the jurisdiction of those courts, unless applicable law requires otherwise.",
          ),
        ],
      },
      {
        id: "changes-to-these-terms",
        heading: "Changes to These Terms",
        blocks: [
          p(
            'We may update these terms from time to time. The new version takes effect when it is posted on this page with a new "last updated" date. Continuing to use the website after that means you accept the updated terms. If any part of these terms is found unenforceable, the rest remains in effect.',
          ),
        ],
      },
      {
        id: "contact-us",
        heading: "Contact Us",
        blocks: contactBlocks("these Terms and Conditions, our text messages or our services"),
      },
    ],
    related: { text: "Privacy Policy", href: legalPaths.privacyPolicy },
  };

  return { privacyPolicy, termsAndConditions };
});
