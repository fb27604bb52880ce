import { useCallback, useEffect, useRef, useState } from "react";
import { adminApi } from "~/features/admin/api";
import { pageTitle } from "~/lib/seo";
import { leadTypeLabel } from "./labels";
import { arrivals, mergeFirstPage, PULSE_INTERVAL_MS, pulseChanged } from "./live";
import { inboxMessages as text } from "./messages";
import type { InboxPulse, LeadListAnswer } from "./schema";

export type NotificationState = "unsupported" | NotificationPermission;

type Options = {
  /** The list's filters as a query string (no `before`): the first page re-read is this one. */
  query: string;
  data: LeadListAnswer | undefined;
  loading: boolean;
  setData: (update: (current: LeadListAnswer | undefined) => LeadListAnswer | undefined) => void;
};

/**
 * Keeps the open list current without a reload. Every 10 s while the tab is visible, and at once when
 * it becomes visible again, it asks GET /api/leads/pulse; when the count of new leads or the newest
 * lead changed, it re-reads the first page and merges it in (./live.ts). Polling rather than a push
 * channel: it works through any proxy and with any number of server processes, as the database is
 * what they share. The tab's title carries the count of new leads, and leads that arrive while the page
 * is open raise a desktop notification when the admin allowed them.
 */
export function useLiveInbox({ query, data, loading, setData }: Options) {
  const [waiting, setWaiting] = useState<number | null>(null);
  const [notifications, setNotifications] = useState<NotificationState>("unsupported");
  const latest = useRef({ query, data, loading });
  latest.current = { query, data, loading };
  const lastPulse = useRef<InboxPulse | null>(null);
  /** Leads already shown, and the server's time of the first load: only later arrivals are announced. */
  const seen = useRef(new Set<string>());
  const since = useRef<string | null>(null);

  useEffect(() => {
    if (!data) return;
    since.current ??= data.now;
    for (const lead of data.data) seen.current.add(lead._id);
  }, [data]);

  useEffect(() => {
    if (typeof Notification !== "undefined") setNotifications(Notification.permission);
  }, []);

  const refresh = useCallback(async () => {
    const { query: asked, data: shown, loading: busy } = latest.current;
    if (!shown || busy) return;
    const fresh = await adminApi<LeadListAnswer>(`/api/leads${asked ? `?${asked}` : ""}`);
    // The filters changed while it was in flight: the list is loading its own answer.
    if (latest.current.query !== asked || latest.current.loading) return;
    if (since.current && typeof Notification !== "undefined" && Notification.permission === "granted") {
      for (const lead of arrivals(fresh.data, seen.current, since.current)) {
        try {
          new Notification(text.live.notificationTitle(lead.reference), {
            body: text.live.notificationBody(lead.service ?? leadTypeLabel(lead.leadType)),
            tag: lead._id,
          });
        } catch {
          // Some mobile browsers allow notifications only from a service worker: the list still shows the lead.
        }
      }
    }
    for (const lead of fresh.data) seen.current.add(lead._id);
    setData((current) => (current ? mergeFirstPage(current, fresh) : current));
  }, [setData]);

  useEffect(() => {
    let busy = false;
    async function beat() {
      if (busy || document.visibilityState === "hidden") return;
      busy = true;
      try {
        const { data: pulse } = await adminApi<{ data: InboxPulse }>("/api/leads/pulse");
        setWaiting(pulse.waiting);
        const previous = lastPulse.current;
        lastPulse.current = pulse;
        const shown = latest.current.data;
        // The first pulse has nothing to compare with but the list: a lead stored after the list was read.
        const changed = previous
          ? pulseChanged(previous, pulse)
          : Boolean(shown && pulse.newestReceivedAt && pulse.newestReceivedAt > shown.now);
        if (changed) await refresh();
      } catch {
        // A missed beat is retried by the next one; a lost session is handled by the admin layout.
      } finally {
        busy = false;
      }
    }
    void beat();
    const timer = setInterval(() => void beat(), PULSE_INTERVAL_MS);
    const onVisibility = () => {
      if (document.visibilityState === "visible") void beat();
    };
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [refresh]);

  useEffect(() => {
    if (waiting === null) return;
    const base = pageTitle(text.title);
    const title = text.live.tabTitle(waiting, base);
    document.title = title;
    // Only if it is still ours: on leaving the page, the next page's own title is already in place.
    return () => {
      if (document.title === title) document.title = base;
    };
  }, [waiting]);

  const enableNotifications = useCallback(async () => {
    if (typeof Notification === "undefined") return;
    setNotifications(await Notification.requestPermission());
  }, []);

  return { waiting, notifications, enableNotifications };
}
