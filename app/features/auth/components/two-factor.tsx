/**
 * The pieces of the two-factor screens: the key to set up (QR code and manual key) with its confirm
 * form, the recovery codes shown once, and a one-field code form. Each form posts natively to its
 * route's action, so they work before and without scripts.
 */
import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { TextField } from "~/components/form/fields";
import { buttonClass } from "~/components/ui/button";
import { twoFactorMessages as text } from "../two-factor-messages";

export type EnrolmentKey = { secret: string; groupedSecret: string; qrSvg: string };

/** True while this page's form is being sent with the given intent (or any, without one). */
export function useSubmitting(intent?: string): boolean {
  const navigation = useNavigation();
  if (navigation.state !== "submitting") return false;
  return intent === undefined || navigation.formData?.get("intent") === intent;
}

export function Alert({ message, tone = "error" }: { message: string; tone?: "error" | "success" }) {
  const colours = tone === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-4 py-3 text-sm font-medium ${colours}`}>
      {message}
    </div>
  );
}

/** A form with one code field (and an intent), for the code step, turning off and new recovery codes. */
export function CodeForm({
  id,
  label,
  submit,
  submitting,
  intent,
  error,
  hint,
  numeric = false,
  variant = "primary",
  redirectTo,
}: {
  id: string;
  label: string;
  submit: string;
  submitting: string;
  intent?: string;
  error?: string;
  hint?: string;
  /** Only the app's six digits are accepted here (not a recovery code). */
  numeric?: boolean;
  variant?: "primary" | "outline";
  /** The back-office page the sign-in returns to (the code step). */
  redirectTo?: string | null;
}) {
  const busy = useSubmitting(intent);
  return (
    <Form method="post" noValidate className="space-y-4" aria-label={submit}>
      {intent && <input type="hidden" name="intent" value={intent} />}
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      <fieldset disabled={busy} className="space-y-4">
        <TextField
          id={id}
          name="code"
          label={label}
          autoComplete="one-time-code"
          inputMode={numeric ? "numeric" : "text"}
          spellCheck={false}
          autoCapitalize="none"
          maxLength={64}
          required
          error={error}
          hint={hint}
        />
        <button type="submit" className={buttonClass(variant)}>
          {busy ? submitting : submit}
        </button>
      </fieldset>
    </Form>
  );
}

/** The key to set up: QR code, the same key to type, and the form confirming it with a code. */
export function EnrolmentPanel({ enrolment, error }: { enrolment: EnrolmentKey; error?: string }) {
  return (
    <div className="space-y-6">
      <section className="space-y-3">
        <p className="text-slate-700">{text.enrol.scan}</p>
        <div
          role="img"
          aria-label={text.enrol.qrLabel}
          className="h-48 w-48 rounded-md border border-slate-200 bg-white p-1 [&>svg]:h-full [&>svg]:w-full"
          // Made on the server by `qrcode` from the otpauth:// address: paths only, no script.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: server-made SVG of the key's QR code
          dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
        />
        <p className="text-sm text-slate-700">{text.enrol.manual}</p>
        <p>
          <span className="sr-only">{text.enrol.manualKeyLabel}: </span>
          <code
            data-testid="totp-secret"
            data-secret={enrolment.secret}
            className="rounded bg-slate-100 px-2 py-1 font-mono text-base tracking-wider text-slate-900 select-all"
          >
            {enrolment.groupedSecret}
          </code>
        </p>
      </section>
      <section className="space-y-3">
        <p className="text-slate-700">{text.enrol.confirm}</p>
        <CodeForm
          id="enrol-code"
          label={text.code.label}
          submit={text.enrol.submit}
          submitting={text.enrol.submitting}
          intent="enable"
          numeric
          error={error}
        />
      </section>
    </div>
  );
}

/** The recovery codes, shown once, then the way on. */
export function RecoveryCodesPanel({ codes, children }: { codes: string[]; children?: ReactNode }) {
  return (
    <section aria-labelledby="recovery-codes-title" className="space-y-4">
      <h2 id="recovery-codes-title" className="text-xl font-semibold text-brand-900">
        {text.recovery.title}
      </h2>
      <p className="text-slate-700">{text.recovery.intro}</p>
      <ol
        aria-label={text.recovery.listLabel}
        className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 bg-slate-50 p-4 font-mono text-base"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      {children}
    </section>
  );
}
