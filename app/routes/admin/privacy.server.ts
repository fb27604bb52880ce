/**
 * /admin/privacy: the retention periods in force, and the erasure of a person by email address. The
 * loader and the action answer only a signed-in admin (the same session check as the admin API);
 * anyone else is sent to /admin/login. The form posts natively (no scripts needed): `email` and the
 * confirmation checkbox `confirm`.
 */
import { type AppLoadContext, data, redirect } from "react-router";
import { type AdminIdentity, adminFromRequest } from "~/features/auth/auth.server";
import { privacyMessages } from "~/features/privacy/messages";
import { type ErasureCounts, eraseByEmail } from "~/features/privacy/retention.server";
import { emailRule } from "~/lib/field-rules";
import { isUrlEncodedForm, readForm } from "~/lib/form-body.server";
import { SIGN_IN_PATH } from "~/lib/paths";

const text = privacyMessages;
/** Two short fields: a few KB is plenty; a larger body is refused before it is read in full. */
const MAX_FORM_BYTES = 16 * 1024;

/** `signedInAdmin` lets the admin layout render the screen at once, before and without scripts. */
export type PrivacyLoaderData = { signedInAdmin: AdminIdentity; periods: string[] };
export type PrivacyActionData =
  | { ok: true; summary: string[] }
  | { ok: false; message: string; errors: Record<string, string>; email: string };

async function requireAdminOrRedirect(request: Request, context: AppLoadContext) {
  const admin = await adminFromRequest(context, request);
  if (!admin) throw redirect(SIGN_IN_PATH);
  return admin;
}

export async function privacyLoader(request: Request, context: AppLoadContext): Promise<PrivacyLoaderData> {
  const admin = await requireAdminOrRedirect(request, context);
  const c = context.config;
  return {
    signedInAdmin: admin,
    periods: [
      text.periods.leads(c.RETENTION_LEAD_DAYS),
      text.periods.contacts(c.RETENTION_CONTACT_DAYS),
      text.periods.chats(c.RETENTION_CHAT_DAYS),
      text.periods.applications(c.RETENTION_APPLICATION_DAYS),
      text.periods.mails(c.RETENTION_MAIL_BODY_DAYS),
      text.periods.signIns(c.RETENTION_SIGN_IN_DAYS),
      text.periods.consent(c.CONSENT_RECORD_YEARS),
    ],
  };
}

const failure = (status: number, message: string, email = "", errors: Record<string, string> = {}) =>
  data<PrivacyActionData>({ ok: false, message, errors, email }, { status });

/** Checks the two fields; answers the per-field errors (empty when both are right). */
export function erasureFormErrors(email: string, confirmed: boolean): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!email) errors.email = text.errors.emailRequired;
  else if (!emailRule().safeParse(email).success) errors.email = text.errors.emailInvalid;
  if (!confirmed) errors.confirm = text.errors.confirmRequired;
  return errors;
}

export async function privacyAction(request: Request, context: AppLoadContext) {
  const admin = await requireAdminOrRedirect(request, context);
  if (context.crossSite) return failure(403, text.errors.crossSite);
  if (!isUrlEncodedForm(request)) return failure(415, text.errors.formNotSupported);
  const form = await readForm(request, MAX_FORM_BYTES);
  if (!form) return failure(413, text.errors.formTooLarge);

  const email = (form.get("email") ?? "").trim().slice(0, 320);
  const errors = erasureFormErrors(email, form.get("confirm") === "yes");
  if (Object.keys(errors).length > 0) return failure(400, text.errors.invalid, email, errors);

  let counts: ErasureCounts;
  try {
    counts = await eraseByEmail(context.db, context.storage, email, admin, {
      ip: context.clientIp,
      log: (level, detail, message) => context.logger[level](detail, message),
    });
  } catch (error) {
    context.logger.error({ err: error }, "erasure failed");
    return failure(500, text.errors.failed, email);
  }
  context.logger.info({ counts }, "person erased");
  return data<PrivacyActionData>({ ok: true, summary: text.erased(counts) });
}
