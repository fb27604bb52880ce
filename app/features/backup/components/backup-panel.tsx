import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { useAdminTimes } from "~/lib/admin-format";
import { formatBytes, backupMessages as text } from "../messages";

/** What the dashboard's loader gives the panel (dates as ISO strings). */
export type BackupPanelData = {
  /** Where archives go (a folder or s3:// prefix), or null: backups are off. */
  destination: string | null;
  last: { at: string; bytes: number } | null;
  failure: { at: string; error: string } | null;
  running: boolean;
};

/**
 * The dashboard's backups panel: the last backup's time and size, a failed one in red until a later
 * one succeeds (as undelivered mail is shown), and "Back up now", a form posted to /admin/backups that
 * works before and without scripts.
 */
export function BackupPanel({ data }: { data: BackupPanelData }) {
  const { shortTime } = useAdminTimes();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/admin/backups";
  return (
    <section aria-labelledby="backups-title" className="mt-8" data-testid="backups">
      <h2 id="backups-title" className="text-xl font-semibold text-brand-900">
        {text.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{text.intro}</p>
      {data.destination === null ? (
        <p className="mt-3 text-sm text-slate-700">{text.off}</p>
      ) : (
        <div className="mt-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          {data.failure && (
            <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
              <p className="font-semibold">{text.failedTitle}</p>
              <p className="mt-1 break-words">{data.failure.error}</p>
              <p className="mt-1 text-xs">
                {text.failedAt}: <time dateTime={data.failure.at}>{shortTime(data.failure.at)}</time>
              </p>
            </div>
          )}
          <dl className="grid gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="font-medium text-slate-600">{text.last}</dt>
              <dd className="mt-1 text-slate-900" data-testid="backup-last">
                {data.last ? <time dateTime={data.last.at}>{shortTime(data.last.at)}</time> : text.none}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">{text.size}</dt>
              <dd className="mt-1 text-slate-900" data-testid="backup-size">
                {data.last ? formatBytes(data.last.bytes) : "–"}
              </dd>
            </div>
            <div>
              <dt className="font-medium text-slate-600">{text.where}</dt>
              <dd className="mt-1 font-mono text-xs break-all text-slate-900">{data.destination}</dd>
            </div>
          </dl>
          {data.running && (
            <p role="status" className="mt-3 text-sm text-slate-700">
              {text.running}
            </p>
          )}
          <Form method="post" action="/admin/backups" className="mt-4">
            <button type="submit" name="intent" value="backup" className={buttonClass("outline")} disabled={busy}>
              {busy ? text.busy : text.button}
            </button>
          </Form>
        </div>
      )}
    </section>
  );
}
