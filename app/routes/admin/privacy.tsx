import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { AdminPage } from "~/components/admin/admin-page";
import { StepUpPrompt } from "~/components/admin/step-up-prompt";
import { CheckboxField, TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { mailFilesDir } from "~/features/mail/mail-files.server";
import { securityNoticeMessages, sendSecurityNotice } from "~/features/mail/security-notice.server";
import { privacyMessages } from "~/features/privacy/messages";
import { type ErasureCounts, eraseByEmail } from "~/features/privacy/retention.server";
import { emailRule } from "~/lib/field-rules";
import { fieldErrorOf, sentValue } from "~/lib/form";
import { accept, postForm, refuse, requireAdmin } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import type { Route } from "./+types/privacy";

const text = privacyMessages;

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

/**
 * The retention periods in force, for a signed-in admin only; anyone else is sent to sign in.
 * `signedInAdmin` lets the admin layout render the screen at once, before and without scripts.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const signedInAdmin = await requireAdmin(request, context);
  const c = context.config;
  return {
    signedInAdmin,
    periods: [
      text.periods.leads(c.RETENTION_LEAD_DAYS),
      text.periods.contacts(c.RETENTION_CONTACT_DAYS),
      text.periods.chats(c.RETENTION_CHAT_DAYS),
      text.periods.applications(c.RETENTION_APPLICATION_DAYS),
      text.periods.mails(c.RETENTION_MAIL_BODY_DAYS),
      text.periods.signIns(c.RETENTION_SIGN_IN_DAYS),
      text.periods.consent(c.CONSENT_RECORD_YEARS),
      text.periods.pageViews(c.RETENTION_LEAD_DAYS),
    ],
  };
}

/** The erasure form: the person's address (any case) and the explicit confirmation. */
const erasureSchema = z.object({
  email: z
    .string({ error: text.errors.emailRequired })
    .transform((v) => v.trim().slice(0, 320))
    .pipe(
      z
        .string()
        .min(1, text.errors.emailRequired)
        .refine((v) => emailRule().safeParse(v).success, text.errors.emailInvalid),
    ),
  confirm: z.literal("yes", { error: text.errors.confirmRequired }),
});

/** The erasure form, posted by the browser itself (with or without scripts); the answer lists what was deleted and kept. */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    {
      form: "erasure",
      schema: erasureSchema,
      // Two short fields: a few KB is plenty; a larger body is refused before it is read in full.
      maxBytes: 16 * 1024,
      access: "admin",
      invalid: text.errors.invalid,
      stepUp: true,
      messages: { crossSite: text.errors.crossSite, notAForm: text.errors.formNotSupported, tooLarge: text.errors.formTooLarge },
    },
    async ({ value, admin }) => {
      let counts: ErasureCounts;
      try {
        counts = await eraseByEmail(context.db, context.storage, value.email, admin, {
          // Mail files stay after SMTP_URL is set: the folder is gone over whatever the transport.
          mailDir: mailFilesDir(context.config),
          ip: context.clientIp,
          log: (level, detail, message) => context.logger[level](detail, message),
        });
      } catch (error) {
        context.logger.error({ err: error }, "erasure failed");
        return refuse(500, text.errors.failed);
      }
      context.logger.info({ counts }, "person erased");
      const records = counts.leads + counts.contacts + counts.documents + counts.chats + counts.applications + counts.mails;
      await sendSecurityNotice(context, {
        what: securityNoticeMessages.events.erased(admin.email, records),
        actor: admin,
        ip: context.clientIp,
      });
      const summary = text.erased(counts);
      // The lines again as one, for the toast when the answer is a redirect (after the password was asked again).
      return accept(text.resultHeading, `${summary.join("; ")}.`, { data: { summary } });
    },
  );
}

/**
 * /admin/privacy: the retention periods in force, and a form that erases one person's records by email
 * address after an explicit confirmation, then lists what was deleted and what was kept.
 */
export default function AdminPrivacy({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const failed = actionData && !actionData.ok && !actionData.stepUp ? actionData : undefined;
  const summary = actionData?.ok ? actionData.data?.summary : undefined;

  return (
    <AdminPage title={text.title} subtitle={text.intro}>
      <StepUpPrompt answer={actionData} action="/admin/privacy" />
      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="erasure-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="erasure-heading" className="text-lg font-semibold text-brand-900">
            {text.erasureHeading}
          </h2>
          {summary && (
            <div role="status" className="mt-4 rounded-md border border-green-200 bg-green-50 px-4 py-3 text-sm text-green-900">
              <p className="font-semibold">{text.resultHeading}</p>
              <ul className="mt-2 list-disc pl-5">
                {summary.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </div>
          )}
          {failed && (
            <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
              {failed.message}
            </div>
          )}
          <Form method="post" action="/admin/privacy" noValidate className="mt-6" aria-labelledby="erasure-heading">
            <fieldset disabled={submitting} className="space-y-5">
              <TextField
                id="erase-email"
                name="email"
                type="email"
                label={text.emailLabel}
                hint={text.emailHint}
                autoComplete="off"
                defaultValue={sentValue(failed, "email")}
                required
                error={fieldErrorOf(failed, "email")}
              />
              <CheckboxField
                id="erase-confirm"
                name="confirm"
                value="yes"
                label={text.confirmLabel}
                required
                error={fieldErrorOf(failed, "confirm")}
              />
              <p className="text-sm text-slate-600">{text.consentNote}</p>
              <button type="submit" className={buttonClass("primary")}>
                {submitting ? text.submitting : text.submit}
              </button>
            </fieldset>
          </Form>
        </section>
        <section aria-labelledby="retention-heading" className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="retention-heading" className="text-lg font-semibold text-brand-900">
            {text.retentionHeading}
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-5 text-sm text-slate-700">
            {loaderData.periods.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </section>
      </div>
    </AdminPage>
  );
}
