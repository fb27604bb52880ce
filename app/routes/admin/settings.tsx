import { data } from "react-router";
import { AdminFormFrame } from "~/components/admin/form-frame";
import { StepUpField } from "~/components/admin/step-up-prompt";
import { CheckboxField, SelectField, TextAreaField, TextField } from "~/components/form/fields";
import { type AgencyProfile, SOCIAL_NAMES, SOCIAL_NETWORKS, WEEKDAY_NAMES, WEEKDAYS } from "~/content/site-facts";
import { siteFacts, US_STATES, US_TIME_ZONES } from "~/content/site-profile";
import { securityNoticeMessages, sendSecurityNotice } from "~/features/mail/security-notice.server";
import { settingsMessages } from "~/features/settings/messages";
import { changeProfile, federalHolidays, profileVersion } from "~/features/settings/profile.server";
import { profileSchema } from "~/features/settings/profile-schema";
import { readProfile } from "~/features/settings/site.server";
import { ImageRefused, LOGO_MAX_BYTES, storeLogo } from "~/features/settings/site-images.server";
import { useActionForm } from "~/lib/form";
import { postForm, refuse, requireAdmin } from "~/lib/post.server";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches } from "~/lib/site";
import { isConfirmed, STEP_UP_FIELD, stepUpMessages } from "~/lib/step-up";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/settings";

const text = settingsMessages;
const loadSchema = () => import("~/features/settings/profile-schema").then((m) => m.profileSchema());
/** Every field at its longest, URL-encoded, with room to spare. */
const MAX_FORM_BYTES = 64 * 1024;

type SettingsData = {
  /** The password was given recently enough for a save (step-up): else the form asks for it too. */
  confirmed: boolean;
  profile: AgencyProfile | null;
  version: string;
  holidays: Record<string, string>;
  years: number[];
  /** LEAD_SLA_MINUTES, when the server sets it: the clock counts it instead of the saved promise. */
  slaOverride: number | null;
};

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle(text.title, siteFromMatches(matches)) }, { name: "robots", content: "noindex, nofollow" }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const confirmed = isConfirmed(admin.confirmedAt, context.config.ADMIN_STEP_UP_MINUTES);
  const year = new Date().getFullYear();
  const years = [year, year + 1];
  const holidays = Object.fromEntries((await Promise.all(years.map(federalHolidays))).flat().map((h) => [h.date, h.name]));
  const slaOverride = context.config.LEAD_SLA_MINUTES ?? null;
  try {
    const profile = await readProfile(context.db);
    return data<SettingsData>({ confirmed, profile, version: profileVersion(profile), holidays, years, slaOverride });
  } catch (err) {
    context.logger.error({ err, reqId: context.requestId }, "settings could not be read");
    return data<SettingsData>({ confirmed, profile: null, version: "", holidays, years, slaOverride }, { status: 500 });
  }
}

/**
 * Saves the whole form; "Add US federal holidays" saves it with that year's holidays added to the
 * closed days. A save made from a page older than the stored settings is refused (409).
 */
export function action({ request, context }: Route.ActionArgs) {
  return postForm(
    request,
    context,
    {
      form: "settings",
      schema: profileSchema(),
      maxBytes: MAX_FORM_BYTES,
      files: { logoFile: { maxBytes: LOGO_MAX_BYTES } },
      access: "admin",
      invalid: text.failure,
      // The agency's phones, address and mail settings reach every page and mail: the password again first.
      stepUp: true,
    },
    async ({ value, formData, files, admin }) => {
      // A new logo is checked and stored first (PNG, or SVG made safe); nothing else is saved if it is refused.
      let logo = formData.get("removeLogo") === "on" ? "" : value.logo;
      const upload = files.logoFile;
      if (upload?.tooLarge) return refuse(400, text.failure, { logo: text.fields.logo });
      if (upload) {
        try {
          logo = await storeLogo(context.storage, upload.bytes);
        } catch (err) {
          if (err instanceof ImageRefused) return refuse(400, text.failure, { logo: err.message });
          context.logger.error({ err, reqId: context.requestId }, "the logo could not be stored");
          return refuse(500, text.failure);
        }
      }
      const intent = String(formData.get("intent") ?? "save");
      const year = /^holidays:(\d{4})$/.exec(intent)?.[1];
      const added = year ? (await federalHolidays(Number(year))).map((h) => h.date) : [];
      const input = { ...value, logo, closedDays: [...value.closedDays, ...added] };
      const baseVersion = String(formData.get("baseVersion") ?? "");
      let outcome: Awaited<ReturnType<typeof changeProfile>>;
      try {
        outcome = await changeProfile(context.db, input, admin, { ip: context.clientIp, baseVersion: baseVersion || undefined });
      } catch (err) {
        context.logger.error({ err, reqId: context.requestId }, "settings could not be saved");
        return refuse(500, text.failure);
      }
      if (!outcome.ok) return refuse(outcome.status, outcome.message, outcome.errors);
      if (outcome.changed.length > 0) {
        await context.siteStore.reload();
        await sendSecurityNotice(context, {
          what: securityNoticeMessages.events.settingsChanged(admin.email),
          actor: admin,
          ip: context.clientIp,
        });
        context.logger.info({ reqId: context.requestId, adminId: admin.id, fields: outcome.changed }, "settings changed");
      }
      const title = outcome.changed.length === 0 ? text.unchanged : text.saved;
      const detail = year ? `${added.length} US federal holidays of ${year} are closed days.` : undefined;
      return redirectWithToast(context, "/admin/settings", { type: "success", title, description: detail });
    },
  );
}

/** A value the form shows: what a refused post sent, else the stored one. */
function pick(values: Record<string, unknown>, path: string[], fallback: string): string {
  let v: unknown = values;
  for (const key of path) v = v && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
  return typeof v === "string" ? v : fallback;
}

function Section({ title, description, children }: { title: string; description?: string; children: React.ReactNode }) {
  return (
    <fieldset className="space-y-5 border-t border-slate-200 pt-6 first:border-t-0 first:pt-0">
      <legend className="text-lg font-semibold text-brand-900">{title}</legend>
      {description && <p className="-mt-3 text-sm text-slate-600">{description}</p>}
      {children}
    </fieldset>
  );
}

/** A line of the office hours on a phone: the two times and Closed in three columns (the day above them). */
const hoursRow = "max-sm:grid max-sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_3.5rem] max-sm:gap-x-3";

/** One day's opening or closing time in the hours table, with its error under it. */
function TimeCell({ name, label, error, defaultValue }: { name: string; label: string; error?: string; defaultValue: string }) {
  const errorId = `settings-${name.replaceAll(".", "-")}-error`;
  return (
    <td className="py-2 pr-3 max-sm:min-w-0 max-sm:pr-0">
      <input
        type="time"
        name={name}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        defaultValue={defaultValue}
        className="rounded-md border border-slate-300 px-2 py-1 max-sm:w-full max-sm:py-2"
      />
      {error && (
        <p id={errorId} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </td>
  );
}

/** How the footer's contact block shows the saved details. */
function Preview({ profile }: { profile: AgencyProfile }) {
  const site = siteFacts(profile);
  const a = site.agency;
  return (
    <aside aria-label="How the site shows it" className="rounded-xl border border-slate-200 bg-brand-900 p-6 text-sm text-white shadow-sm">
      <h2 className="text-base font-semibold">How the site shows it</h2>
      <p className="mt-3 font-semibold">{a.name}</p>
      <p className="text-slate-200">{a.tagline}</p>
      <p className="mt-3">
        {a.address.street}
        <br />
        {a.address.city}, {a.address.region} {a.address.postalCode}
      </p>
      <p className="mt-3">
        {a.phone.primary.display}
        {a.phone.secondary && <> · {a.phone.secondary.display}</>}
        <br />
        {a.email}
      </p>
      <dl className="mt-3 space-y-1">
        {a.hours.rows.map((row) => (
          <div key={row.days} className="flex gap-2">
            <dt className="font-medium">{row.days}:</dt>
            <dd>
              {row.label} {/\d/.test(row.label) ? a.hours.zone : ""}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-slate-200">
        A licensed agent calls back within {site.promises.contactMinutes} minutes during office hours. Licensed in {site.licensedStateCount}{" "}
        states ({site.residentState} resident).
      </p>
    </aside>
  );
}

/** /admin/settings: the agency's details as every page, mail and chat answer shows them. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { profile, version, holidays, years, slaOverride } = loaderData;
  const form = useActionForm({ id: "settings", schema: loadSchema, invalidToast: text.failure, failure: text.failure, eager: true });
  if (!profile) {
    return (
      <div role="alert" className="mx-auto max-w-3xl px-4 py-8 text-red-700">
        {text.loadFailure}
      </div>
    );
  }
  const { errors, pageAnswer } = form;
  const sent = pageAnswer ? form.values : {};
  const v = (name: string, fallback: string) => pick(sent, name.split("."), fallback);
  const states = Object.values(US_STATES).sort();
  const chosen = new Set(
    pageAnswer ? ([] as string[]).concat((sent.licensedStates as string[] | string | undefined) ?? []) : profile.licensedStates,
  );
  const closedDays = v("closedDays", profile.closedDays.join("\n"));
  const named = profile.closedDays.filter((d) => holidays[d]).map((d) => `${d} (${holidays[d]})`);

  return (
    <AdminFormFrame
      title={text.title}
      back={<span>{text.intro}</span>}
      form={form}
      label={text.title}
      legend="Agency settings"
      submitLabel="Save settings"
      busyLabel="Saving..."
      cancel={{ to: "/admin/dashboard", label: "Cancel" }}
      encType="multipart/form-data"
      aside={<Preview profile={profile} />}
    >
      <input type="hidden" name="baseVersion" value={version} />
      <Section title="Agency">
        <TextField
          id="settings-name"
          name="name"
          label="Agency name"
          required
          maxLength={100}
          defaultValue={v("name", profile.name)}
          error={errors.name}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="settings-short-name"
            name="shortName"
            label="Short name"
            required
            maxLength={60}
            hint="Used where space is short: the header on phones, text messages."
            defaultValue={v("shortName", profile.shortName)}
            error={errors.shortName}
          />
          <TextField
            id="settings-founded"
            name="foundedYear"
            label="Year founded"
            required
            inputMode="numeric"
            maxLength={4}
            defaultValue={v("foundedYear", String(profile.foundedYear))}
            error={errors.foundedYear}
          />
        </div>
        <TextField
          id="settings-tagline"
          name="tagline"
          label="Tagline"
          maxLength={200}
          defaultValue={v("tagline", profile.tagline)}
          error={errors.tagline}
        />
      </Section>

      <Section title="Contact">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="settings-phone"
            name="phone"
            label="Main phone"
            type="tel"
            required
            maxLength={30}
            hint="Shown as you type it; dialled as +1 and the digits."
            defaultValue={v("phone", profile.phone)}
            error={errors.phone}
          />
          <TextField
            id="settings-second-phone"
            name="secondPhone"
            label="Second phone"
            type="tel"
            maxLength={30}
            defaultValue={v("secondPhone", profile.secondPhone)}
            error={errors.secondPhone}
          />
          <TextField
            id="settings-email"
            name="email"
            label="Email"
            type="email"
            required
            maxLength={254}
            defaultValue={v("email", profile.email)}
            error={errors.email}
          />
          <TextField
            id="settings-whatsapp"
            name="whatsapp"
            label="WhatsApp number"
            type="tel"
            maxLength={30}
            hint="With the country code, e.g. +1 512 555 0142. Empty: no WhatsApp button."
            defaultValue={v("whatsapp", profile.whatsapp)}
            error={errors.whatsapp}
          />
        </div>
      </Section>

      <Section title="Office">
        <TextField
          id="settings-street"
          name="street"
          label="Street address"
          required
          maxLength={200}
          defaultValue={v("street", profile.street)}
          error={errors.street}
        />
        <div className="grid gap-5 sm:grid-cols-3">
          <TextField
            id="settings-city"
            name="city"
            label="City"
            required
            maxLength={100}
            defaultValue={v("city", profile.city)}
            error={errors.city}
          />
          <SelectField
            id="settings-state"
            name="state"
            label="State"
            required
            placeholder="Select a state"
            options={Object.entries(US_STATES).map(([code, name]) => ({ value: code, label: name }))}
            defaultValue={v("state", profile.state)}
            error={errors.state}
          />
          <TextField
            id="settings-zip"
            name="zip"
            label="ZIP code"
            required
            inputMode="numeric"
            maxLength={10}
            defaultValue={v("zip", profile.zip)}
            error={errors.zip}
          />
        </div>
        <SelectField
          id="settings-time-zone"
          name="timeZone"
          label="Time zone"
          required
          placeholder="Select a time zone"
          options={Object.entries(US_TIME_ZONES).map(([zone, names]) => ({ value: zone, label: names.long }))}
          defaultValue={v("timeZone", profile.timeZone)}
          error={errors.timeZone}
        />
      </Section>

      <Section
        title="Office hours"
        description="The call-back clock counts these hours only. Leave both times empty, or tick Closed, for a day the office is closed."
      >
        {/*
          On a phone each day is a line of its own, its two times and Closed side by side under it, below
          the columns' names: the times keep their full width without pushing the page sideways.
        */}
        <table className="w-full text-left text-sm max-sm:block">
          <thead className="max-sm:block">
            <tr className={`text-slate-600 ${hoursRow}`}>
              <th scope="col" className="py-1 font-medium max-sm:sr-only">
                Day
              </th>
              <th scope="col" className="py-1 font-medium">
                Opens
              </th>
              <th scope="col" className="py-1 font-medium">
                Closes
              </th>
              <th scope="col" className="py-1 font-medium">
                Closed
              </th>
            </tr>
          </thead>
          <tbody className="max-sm:block">
            {WEEKDAYS.map((day) => {
              const h = profile.hours[day];
              const closedSent = pageAnswer ? pick(sent, ["hours", day, "closed"], "") === "on" : !h;
              return (
                <tr key={day} className={`align-top ${hoursRow}`}>
                  <th scope="row" className="py-2 pr-3 font-medium text-slate-800 max-sm:col-span-3 max-sm:pb-0">
                    {WEEKDAY_NAMES[day]}
                  </th>
                  {(["opens", "closes"] as const).map((edge) => (
                    <TimeCell
                      key={edge}
                      name={`hours.${day}.${edge}`}
                      label={`${WEEKDAY_NAMES[day]} ${edge}`}
                      error={errors[`hours.${day}.${edge}`]}
                      defaultValue={v(`hours.${day}.${edge}`, h?.[edge] ?? "")}
                    />
                  ))}
                  <td className="py-2 max-sm:self-center">
                    <input
                      type="checkbox"
                      name={`hours.${day}.closed`}
                      aria-label={`Closed on ${WEEKDAY_NAMES[day]}`}
                      defaultChecked={closedSent}
                      className="h-5 w-5 rounded border-slate-400"
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="settings-saturday-text"
            name="saturdayText"
            label="Saturday, when closed"
            required
            maxLength={60}
            defaultValue={v("saturdayText", profile.saturdayText)}
            error={errors.saturdayText}
          />
          <TextField
            id="settings-sunday-text"
            name="sundayText"
            label="Sunday, when closed"
            required
            maxLength={60}
            defaultValue={v("sundayText", profile.sundayText)}
            error={errors.sundayText}
          />
        </div>
      </Section>

      <Section title="Call-back promise and closed days">
        <TextField
          id="settings-contact-minutes"
          name="contactMinutes"
          label="Call back within (minutes of office hours)"
          required
          inputMode="numeric"
          maxLength={4}
          hint={
            slaOverride === null
              ? "Pages, mails and the chat state it; the lead inbox's clock counts it."
              : `Pages, mails and the chat state it. The server's LEAD_SLA_MINUTES (${slaOverride}) overrides it for the lead inbox's clock.`
          }
          defaultValue={v("contactMinutes", String(profile.contactMinutes))}
          error={errors.contactMinutes}
        />
        <TextAreaField
          id="settings-closed-days"
          name="closedDays"
          label="Closed days (holidays)"
          rows={5}
          hint={`One date per line, YYYY-MM-DD. The call-back clock skips them.${named.length ? ` Holidays among them: ${named.join(", ")}.` : ""}`}
          defaultValue={closedDays}
          error={errors.closedDays}
        />
        <div className="flex flex-wrap gap-3">
          {years.map((year) => (
            <button
              key={year}
              type="submit"
              name="intent"
              value={`holidays:${year}`}
              className="rounded-md border border-brand-600 px-3 py-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
            >
              Add US federal holidays of {year} and save
            </button>
          ))}
        </div>
      </Section>

      <Section title="Licensed states">
        <fieldset aria-describedby={errors.licensedStates ? "settings-states-error" : undefined}>
          <legend className="text-sm font-medium text-slate-800">States the agency is licensed in</legend>
          <div className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 sm:grid-cols-3">
            {states.map((state) => (
              <CheckboxField
                key={state}
                id={`settings-state-${state.replaceAll(" ", "-")}`}
                name="licensedStates"
                value={state}
                label={state}
                defaultChecked={chosen.has(state)}
              />
            ))}
          </div>
          {errors.licensedStates && (
            <p id="settings-states-error" className="mt-1 text-sm font-medium text-red-700">
              {errors.licensedStates}
            </p>
          )}
        </fieldset>
        <SelectField
          id="settings-resident-state"
          name="residentState"
          label="Resident state"
          required
          placeholder="Select the resident state"
          options={states}
          defaultValue={v("residentState", profile.residentState)}
          error={errors.residentState}
        />
      </Section>

      <Section title="Social links and analytics">
        <div className="grid gap-5 sm:grid-cols-2">
          {SOCIAL_NETWORKS.map((network) => (
            <TextField
              key={network}
              id={`settings-social-${network}`}
              name={`social.${network}`}
              label={SOCIAL_NAMES[network]}
              type="url"
              maxLength={300}
              placeholder="https://"
              defaultValue={v(`social.${network}`, profile.social[network])}
              error={errors[`social.${network}`]}
            />
          ))}
        </div>
        <TextField
          id="settings-ga"
          name="gaMeasurementId"
          label="Google Analytics measurement id"
          maxLength={20}
          hint="G- and its letters and digits. Empty: no analytics (unless the server sets GA_MEASUREMENT_ID)."
          defaultValue={v("gaMeasurementId", profile.gaMeasurementId)}
          error={errors.gaMeasurementId}
        />
      </Section>
      <input type="hidden" name="logo" value={profile.logo} />
      <Section
        title="Logo"
        description="Shown in the header and footer. A PNG (kept 128 pixels high) or an SVG without scripts, up to 5 MB."
      >
        {profile.logo && (
          <div className="flex items-center gap-4">
            <img src={profile.logo} alt={`The current logo of ${profile.name}`} className="h-12 w-auto rounded bg-brand-900 p-2" />
            <CheckboxField id="settings-remove-logo" name="removeLogo" label="Remove the logo (show the built-in mark)" />
          </div>
        )}
        <div>
          <label htmlFor="settings-logo" className="block text-sm font-medium text-slate-800">
            {profile.logo ? "Replace the logo" : "Upload a logo"}
          </label>
          <input
            id="settings-logo"
            name="logoFile"
            type="file"
            accept="image/png,image/svg+xml"
            aria-invalid={errors.logo || errors.logoFile ? true : undefined}
            aria-describedby={errors.logo || errors.logoFile ? "settings-logo-error" : undefined}
            className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:py-2 file:font-semibold file:text-white"
          />
          {(errors.logo || errors.logoFile) && (
            <p id="settings-logo-error" className="mt-1 text-sm font-medium text-red-700">
              {errors.logo ?? errors.logoFile}
            </p>
          )}
        </div>
      </Section>
      {!loaderData.confirmed && (
        <Section title={stepUpMessages.heading} description={stepUpMessages.required}>
          <StepUpField id="settings-step-up-secret" error={errors[STEP_UP_FIELD]} />
        </Section>
      )}
    </AdminFormFrame>
  );
}
