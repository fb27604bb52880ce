import { smsMessages } from "~/features/sms/messages";
import { useAdminTimes } from "~/lib/admin-format";
import { activitySummary, detailChanges } from "../labels";
import { inboxMessages } from "../messages";
import type { LeadActivityItem } from "../schema";

const text = inboxMessages.timeline;

/** The lead's timeline, newest first: what happened, who did it (when someone did) and when, in the agency's time. */
export function LeadTimeline({ activity, textStatuses = {} }: { activity: LeadActivityItem[]; textStatuses?: Record<string, string> }) {
  const { longTime, shortTime } = useAdminTimes();
  return (
    <ol className="space-y-4 border-l-2 border-slate-200 pl-4" data-testid="timeline">
      {activity.map((item) => (
        <li key={item.id} data-testid="timeline-entry" data-kind={item.kind} className="relative">
          <span aria-hidden="true" className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-brand-600" />
          <p className="text-sm font-medium text-slate-900">{activitySummary(item)}</p>
          {item.kind === "note" && typeof item.detail.body === "string" && (
            <p className="mt-1 rounded-md bg-slate-50 px-3 py-2 text-sm break-words whitespace-pre-line text-slate-800">
              {item.detail.body}
            </p>
          )}
          {(item.kind === "text_sent" || item.kind === "text_received") && typeof item.detail.body === "string" && (
            <p
              className={`mt-1 rounded-md px-3 py-2 text-sm break-words whitespace-pre-line ${item.kind === "text_received" ? "bg-sky-50 text-sky-950" : "bg-slate-50 text-slate-800"}`}
              data-testid="text-body"
            >
              {item.detail.body}
            </p>
          )}
          {item.kind === "text_sent" && typeof item.detail.outboxId === "string" && textStatuses[item.detail.outboxId] && (
            <p className="mt-1 text-xs font-semibold text-slate-700" data-testid="text-status">
              {smsMessages.deliveryStatus[textStatuses[item.detail.outboxId]] ?? textStatuses[item.detail.outboxId]}
            </p>
          )}
          {detailChanges(item).length > 0 && (
            <ul className="mt-1 space-y-0.5 text-sm break-words text-slate-800" data-testid="detail-changes">
              {detailChanges(item).map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
          <p className="mt-1 text-xs text-slate-600">
            {item.by && <>{text.by(item.by.name)} · </>}
            <time dateTime={item.at} title={longTime(item.at)}>
              {shortTime(item.at)}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}
