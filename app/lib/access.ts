/**
 * Which permission (app/lib/roles.ts) each back-office screen and each /api endpoint needs: the one
 * table the server checks every loader, action and API call against (app/lib/post.server.ts
 * `requireAdmin`, server/http.ts `apiSession`), and the menu and screens hide what a role lacks by.
 * A path or endpoint missing here is refused to every role (403), and a test calls every route the
 * app registers as each role, so a new route without an entry fails it. Browser-safe.
 */
import { matchRoutes } from "react-router";
import { pagePath } from "./paths";
import { can, type Permission, type Role } from "./roles";

/**
 * Not checked by role: "public" is anyone's (the public site, the forms, the sign-in steps, an invitation's
 * link, which do their own checks); "signed-in" is any signed-in account, whatever its role.
 */
export type Access = Permission | "public" | "signed-in";

/** Every back-office path of app/routes.ts (without the leading slash), as written there. */
export const SCREEN_ACCESS = {
  // The sign-in steps, an invitation and first-run set-up: before there is a signed-in account.
  "admin/login": "public",
  "admin/login/code": "public",
  "admin/two-factor/enrol": "public",
  "admin/invite/:token": "public",
  "admin/setup": "public",
  "admin/logout": "public",
  "admin/account/two-factor": "account",
  admin: "signed-in",
  "admin/dashboard": "leads",
  // Every role searches; each list in the answer is read only for a role that may open it.
  "admin/search": "signed-in",
  "admin/backups": "backups",
  "admin/leads": "leads",
  "admin/leads/new": "leads",
  "admin/leads/:id": "leads",
  // Counts and premium sums of the leads, which the same roles see one by one (docs/decisions/061).
  "admin/report": "leads",
  "admin/contacts": "contacts",
  "admin/chatbot-management": "chats",
  "admin/jobs": "jobs",
  "admin/jobs/add": "jobs",
  "admin/jobs/edit/:id": "jobs",
  "admin/jobs/:jobId/submissions": "jobs",
  "admin/blog": "blog",
  "admin/posts/new": "blog",
  "admin/posts/:id/edit": "blog",
  "admin/categories": "blog",
  "admin/audit": "audit",
  "admin/users": "users",
  "admin/account": "account",
  "admin/privacy": "erasure",
  "admin/settings": "settings",
  "admin/team": "content",
  "admin/team/new": "content",
  "admin/team/:id": "content",
  "admin/testimonials": "content",
  "admin/testimonials/new": "content",
  "admin/testimonials/:id": "content",
  "admin/faqs": "content",
  "admin/faqs/new": "content",
  "admin/faqs/:id": "content",
} as const satisfies Record<string, Access>;

/** Every /api endpoint, as `METHOD /api/path` with the path as registered (HEAD is GET's). */
export const API_ACCESS = {
  "GET /api/health": "public",
  "GET /api/health/live": "public",
  "GET /api/health/ready": "public",
  "POST /api/auth/login": "public",
  "POST /api/auth/login/code": "public",
  "POST /api/auth/logout": "public",
  "GET /api/auth/user": "signed-in",
  "POST /api/auth/password": "account",
  "POST /api/auth/confirm": "account",
  // The public forms, uploads, applications and the chat.
  "POST /api/contacts": "public",
  "POST /api/submit-lead": "public",
  "POST /api/sms-consent": "public",
  "POST /api/uploads": "public",
  "POST /api/applications": "public",
  "POST /api/chat/sessions": "public",
  "GET /api/chat/sessions/:id/messages": "public",
  "POST /api/chat/sessions/:id/messages": "public",
  "GET /api/jobs": "public",
  "GET /api/jobs/:id": "public",
  "GET /api/blogs": "public",
  "GET /api/blogs/:id": "public",
  "GET /api/categories": "public",
  // The USDOT lookup of /quote (docs/decisions/063).
  "GET /api/fmcsa/carrier/:dot": "public",
  // Twilio's webhooks: public, refused unless signed with the account's auth token (docs/decisions/064).
  "POST /api/sms/twilio": "public",
  "POST /api/sms/twilio/status": "public",
  // The back office.
  "GET /api/leads": "leads",
  "GET /api/leads/pulse": "leads",
  "POST /api/leads": "leads",
  "GET /api/leads/:id": "leads",
  "PATCH /api/leads/:id": "leads",
  "POST /api/leads/:id/notes": "leads",
  "GET /api/leads/:id/documents/:uploadId": "leads",
  "GET /api/leads/export.csv": "exports",
  // One lead's answers, FMCSA record and documents leave the site: an export (docs/decisions/063).
  "GET /api/leads/:id/packet.pdf": "exports",
  "GET /api/leads/:id/packet.zip": "exports",
  "GET /api/admin/summary": "leads",
  // Figures, not people: the report's CSV is no export of leads (docs/decisions/061).
  "GET /api/admin/report": "leads",
  "GET /api/admin/report.csv": "leads",
  "GET /api/admin/mail-failures": "leads",
  "POST /api/admin/mail/:id/retry": "leads",
  // Renewals and X-dates coming up (docs/decisions/062).
  "GET /api/admin/coming-up": "leads",
  "POST /api/leads/:id/renewals/:renewalId/handled": "leads",
  "GET /api/contacts": "contacts",
  "GET /api/chatbot-conversations": "chats",
  "POST /api/chatbot-conversations": "chats",
  "POST /api/chatbot-conversations/:email/message": "chats",
  "POST /api/blogs": "blog",
  "POST /api/blogs/generate": "blog",
  "POST /api/blogs/images": "blog",
  "PUT /api/blogs/:id": "blog",
  "DELETE /api/blogs/:id": "blog",
  "POST /api/categories": "blog",
  "PUT /api/categories/:id": "blog",
  "DELETE /api/categories/:id": "blog",
  "POST /api/jobs": "jobs",
  "PUT /api/jobs/:id": "jobs",
  "DELETE /api/jobs/:id": "jobs",
  "GET /api/applications/job/:jobId": "jobs",
  "GET /api/admin/team": "content",
  "POST /api/admin/team": "content",
  "PATCH /api/admin/team/:id": "content",
  "DELETE /api/admin/team/:id": "content",
  "GET /api/admin/users": "users",
  "GET /api/admin/settings": "settings",
  "PATCH /api/admin/settings": "settings",
} as const satisfies Record<string, Access>;

const screenRoutes = Object.entries(SCREEN_ACCESS).map(([path, access]) => ({ path: `/${path}`, access }));

/**
 * The access a back-office URL path needs (a page, or its `.data` request), matched as React Router
 * matches it (letters in any case); undefined when no screen has that path.
 */
export function screenAccess(pathname: string): Access | undefined {
  const path = pagePath(pathname).replace(/\/+$/, "") || "/";
  const match = matchRoutes(screenRoutes, path);
  return match?.[match.length - 1]?.route.access;
}

/** The access an /api endpoint needs, by its method and registered path (`/api/leads/:id`). */
export function apiAccess(method: string, routePath: string): Access | undefined {
  const key = `${method === "HEAD" ? "GET" : method} ${routePath}`;
  return Object.hasOwn(API_ACCESS, key) ? API_ACCESS[key as keyof typeof API_ACCESS] : undefined;
}

/** Whether `role` may use something that needs `access`; an unknown path (undefined) is nobody's. */
export function allows(role: Role | string, access: Access | undefined): boolean {
  if (access === undefined) return false;
  if (access === "public" || access === "signed-in") return true;
  return can(role, access);
}

/** Whether `role` may open the screen at `pathname` (the menu shows only these). */
export const mayOpen = (role: Role | string, pathname: string) => allows(role, screenAccess(pathname));
