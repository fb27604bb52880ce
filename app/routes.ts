import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  route("testimonials", "routes/testimonials.tsx"),
  route("team", "routes/team.tsx"),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy-policy", "routes/privacy-policy.tsx"),
  route("terms-and-conditions", "routes/terms-and-conditions.tsx"),
  route("sms-consent", "routes/sms-consent.tsx"),
  route("quote", "routes/quote.tsx"),
  route("insurance/:slug", "routes/insurance-product.tsx"),
  // The six landing pages share one module; each path is its own route.
  ...["trucking", "contractors", "general-liability", "commercial-property", "hoa", "investment-property"].map((name) =>
    route(`${name}-insurance`, "routes/landing.tsx", { id: `landing-${name}` }),
  ),
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  // One pattern serves /blog/{slug} and /blog/{id}.
  route("blog/:slug", "routes/blog-post.tsx"),
  route("careers", "routes/careers.tsx"),
  // The back office: the sign-in page, then every screen behind the guard of the admin layout.
  route("admin/login", "routes/admin/login.tsx"),
  // The second step of a sign-in (a session at that step is no admin yet, so outside the layout's guard).
  route("admin/login/code", "routes/admin/login-code.tsx"),
  route("admin/two-factor/enrol", "routes/admin/two-factor-enrol.tsx"),
  // Server-rendered with its own session check, so its forms work without scripts too.
  route("admin/account/two-factor", "routes/admin/account-two-factor.tsx"),
  // An invitation link: the invited person has no session yet.
  route("admin/invite/:token", "routes/admin/invite.tsx"),
  // First-run setup: the link the server prints while no admin account exists (404 once one does).
  route("admin/setup", "routes/admin/setup.tsx"),
  // Sign Out: a form posted to the server, which ends the session and sends the browser to sign in.
  route("admin/logout", "routes/admin/logout.ts"),
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/index.ts"),
    route("admin/dashboard", "routes/admin/dashboard.tsx"),
    route("admin/search", "routes/admin/search.tsx"),
    route("admin/backups", "routes/admin/backups.ts"),
    route("admin/leads", "routes/admin/leads.tsx"),
    route("admin/leads/new", "routes/admin/lead-new.tsx"),
    route("admin/leads/:id", "routes/admin/lead-detail.tsx"),
    route("admin/report", "routes/admin/report.tsx"),
    route("admin/contacts", "routes/admin/contacts.tsx"),
    route("admin/chatbot-management", "routes/admin/chatbot-management.tsx"),
    route("admin/jobs", "routes/admin/jobs.tsx"),
    route("admin/jobs/add", "routes/admin/job-add.tsx"),
    route("admin/jobs/edit/:id", "routes/admin/job-edit.tsx"),
    route("admin/jobs/:jobId/submissions", "routes/admin/job-submissions.tsx"),
    route("admin/blog", "routes/admin/blog.tsx"),
    route("admin/posts/new", "routes/admin/post-new.tsx"),
    route("admin/posts/:id/edit", "routes/admin/post-edit.tsx"),
    route("admin/categories", "routes/admin/categories.tsx"),
    route("admin/audit", "routes/admin/audit.tsx"),
    route("admin/users", "routes/admin/users.tsx"),
    route("admin/account", "routes/admin/account.tsx"),
    route("admin/privacy", "routes/admin/privacy.tsx"),
    route("admin/settings", "routes/admin/settings.tsx"),
    // The team, testimonials and FAQ: a list screen each, and one form module for a new entry and an edit.
    route("admin/team", "routes/admin/team.tsx"),
    route("admin/team/new", "routes/admin/team-member.tsx", { id: "routes/admin/team-new" }),
    route("admin/team/:id", "routes/admin/team-member.tsx", { id: "routes/admin/team-edit" }),
    route("admin/testimonials", "routes/admin/testimonials.tsx"),
    route("admin/testimonials/new", "routes/admin/testimonial.tsx", { id: "routes/admin/testimonial-new" }),
    route("admin/testimonials/:id", "routes/admin/testimonial.tsx", { id: "routes/admin/testimonial-edit" }),
    route("admin/faqs", "routes/admin/faqs.tsx"),
    route("admin/faqs/new", "routes/admin/faq.tsx", { id: "routes/admin/faq-new" }),
    route("admin/faqs/:id", "routes/admin/faq.tsx", { id: "routes/admin/faq-edit" }),
  ]),
  route("sitemap.xml", "routes/sitemap-xml.ts"),
  route("robots.txt", "routes/robots-txt.ts"),
  // Any other path: a helpful not-found page with status 404.
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
