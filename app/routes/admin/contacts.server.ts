/**
 * /admin/contacts on the server: the contact form's submissions, newest first, read by the same
 * function as GET /api/contacts, once the session is checked. The screen only reads: it has no action.
 */
import type { AppLoadContext } from "react-router";
import { listContactSubmissions } from "~/features/admin/back-office.server";
import { requireAdminSession } from "~/features/admin/guard.server";
import type { ContactSubmission } from "~/features/admin/types";

/** `now`: the server's clock, so the "Submitted" times read the same in the server's HTML and once hydrated. */
export type ContactsLoaderData = { data: ContactSubmission[]; now: string };

export async function contactsLoader(request: Request, context: AppLoadContext): Promise<ContactsLoaderData> {
  await requireAdminSession(request, context);
  return { data: await listContactSubmissions(context.db), now: new Date().toISOString() };
}
