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
  tooManyRequests: "Too many submissions from your network. Please wait a few minutes and try again, or call us.",
} as const;
