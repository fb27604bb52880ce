/**
 * The exact texts the forms show (spec 000 section 8, spec 001 section 8), in one place.
 * Browser-safe and tiny: forms import it statically.
 */
export const formMessages = {
  validationToast: "Please correct the form errors",
  contact: {
    submit: "Send Message",
    submitting: "Sending Message...",
    success: "Message sent successfully! We will contact you shortly.",
    failure: "Failed to send message. Please try again later.",
    /** Used internally when the server gives no message. */
    internalFailure: "Failed to submit contact form",
  },
  sideQuote: {
    submit: "Request My Quote",
    submitting: "Submitting...",
    success: "Quote request submitted successfully! We will contact you shortly.",
    failure: "Failed to submit quote request. Please try again or call us directly.",
  },
  smsConsent: {
    submit: "Submit Consent",
    submitting: "Submitting...",
    success: "SMS consent submitted successfully!",
    failure: "Failed to submit SMS consent. Please try again or call us directly.",
  },
  /** The landing pages' quote modal (spec 001 sections 2, 4, 8). */
  landingQuote: {
    title: "Start Your Quote Online",
    reassurances: ["$0 Down Options Available", "Instant Certificate Access", "Same-Day Coverage"],
    openHero: "Get Free Quote",
    helpHeading: "Need Help Now?",
    openBanner: "Start Your Quote Online",
    submit: "Get My Free Quote",
    submitting: "Submitting...",
    success: "Quote request submitted! We'll contact you within 30 minutes.",
    failure: "Failed to submit quote. Please try again or call us directly.",
  },
  /**
   * Shown under a form's success text, and in the auto-reply, when office hours stretch the call-back
   * promise; `when` is promise-clock's callBackWhen ("Monday at 9:30 AM"), `zone` the office's time zone
   * ("Central"). The API sends it as callBackNotice.
   */
  callBack: {
    notice: (when: string, officeOpenNow: boolean, zone: string) =>
      officeOpenNow
        ? `Our office closes soon, so expect our call by ${when} ${zone}.`
        : `Our office is closed right now, so expect our call by ${when} ${zone}.`,
  },
  /** A form whose code could not be loaded (offline, or the site was updated since the page was opened). */
  formUnavailable: "The quote form could not be loaded. Please check your connection and try again, or call us.",
  /** "Live Chat" when the chat widget did not answer. */
  liveChatUnavailable: "Live chat is not available right now. Please call us during office hours.",
  tooManyRequests: "Too many submissions from your network. Please wait a few minutes and try again, or call us.",
} as const;
