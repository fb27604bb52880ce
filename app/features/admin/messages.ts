/** The sign-in form's name in its answers (app/lib/form.ts): here, so the sign-in page loads Zod only with its check. */
export const LOGIN_FORM = "login";

/** The back office's texts (spec 001 sections 2 and 8), in one place. */
export const adminMessages = {
  login: {
    title: "Admin Sign In",
    submit: "Sign in",
    submitting: "Signing in...",
    success: "Login successful!",
    failure: "Failed to sign in",
  },
  menu: {
    dashboard: "Dashboard",
    leads: "Leads",
    report: "Report",
    blog: "Blog Management",
    categories: "Categories",
    contacts: "Contact Submissions",
    chatbot: "Chatbot Management",
    jobs: "Jobs",
    team: "Team",
    testimonials: "Testimonials",
    faqs: "FAQs",
    users: "Users",
    audit: "Audit",
    privacy: "Privacy",
    settings: "Settings",
    account: "Account",
    signOut: "Sign Out",
    home: "View Website",
  },
  /** Below the desktop breakpoint the menu folds behind a button (docs/decisions/056). */
  menuPanel: {
    open: "Menu",
    close: "Close menu",
  },
  /** Below every screen: the product's version as built, which CHANGELOG.md describes. */
  footer: {
    version: (version: string) => `Version ${version}`,
  },
  /** /admin/search: one search over every list the account may open. */
  search: {
    title: "Search",
    label: "Search the back office",
    headerLabel: "Search leads, contacts, chats and applications",
    placeholder: "Search… (press /)",
    prompt: "Type a name, phone number, email, reference or words from a message. A phone number matches however it is written.",
    nothing: (q: string) => `Nothing in the back office matches “${q}”.`,
    failure: "The search could not be run. Try again.",
    sections: {
      leads: "Leads",
      contacts: "Contact submissions",
      chats: "Chat conversations",
      applications: "Job applications",
    },
    count: (n: number) => (n === 1 ? "1 match" : `${n} matches`),
    seeAll: (n: number, what: string) => `See all ${n} in ${what}`,
    appliedFor: (job: string) => `Applied for ${job}`,
  },
  dashboard: {
    title: "Dashboard",
    comingSoon: "Coming Soon",
  },
  contacts: {
    title: "Contact Submissions",
    empty: "No contact submissions yet",
    failure: "Failed to load contacts",
    noun: { one: "submission", many: "submissions" },
    search: "Search contact submissions",
  },
  chatbot: {
    title: "Chatbot Management",
    empty: "No chatbot conversations yet",
    failure: "Failed to fetch conversations",
    noun: { one: "visitor", many: "visitors" },
    search: "Search conversations",
    view: "View Conversation",
    conversationTitle: (name: string) => `Conversation with ${name}`,
    noMessages: "No messages in this conversation yet",
    close: "Close",
  },
} as const;
