import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigation, useRevalidator } from "react-router";
import { pageTitle } from "~/lib/seo";
import { useSite } from "~/lib/site";
import { leadTypeLabel } from "./labels";
import { arrivals, PULSE_INTERVAL_MS, pulseChanged } from "./live";
import { inboxMessages as text } from "./messages";
import type { InboxPulse, LeadListItem } from "./schema";

export type NotificationState = "unsupported" | NotificationPermission;

/** What the list's loader answered: the rows shown, the server's clock when it read them, and its filters as a key. */
type Shown = { data: LeadListItem[]; now: string; filters: string };

/**
 * Keeps the open list current without a reload. Every 10 s while the tab is visible, and at once when
 * it becomes visible again, it asks GET /api/leads/pulse; when the count of new leads or the newest
 * lead changed, the list's loader runs again (the same filters, the same number of rows). Polling
 * rather than a push channel: it works through any proxy and with any number of server processes, as
 * the database is what they share. The tab's title carries the count of new leads, and leads that
 * arrive while the page is open raise a desktop notification when the admin allowed them. A pulse
 * answered 401 (the session ended) runs the loaders again too, and the admin layout's loader sends the
 * browser to sign in.
 */
export function useLiveInbox(shown: Shown) {
  const site = useSite();
  const [waiting, setWaiting] = useState<number | null>(null);
  const [notifications, setNotifications] = useState<NotificationState>("unsupported");
  const { revalidate, state: revalidation } = useRevalidator();
  const navigation = useNavigation();
  const latest = useRef({ shown, busy: false, revalidate });
  latest.current = { shown, busy: navigation.state !== "idle" || revalidation !== "idle", revalidate };
  const lastPulse = useRef<InboxPulse | null>(null);
  /** Leads already shown, and the server's time of the first load: only later arrivals are announced. */
  const seen = useRef(new Set<string>());
  const since = useRef<string | null>(null);
  /** The filters of the rows last seen: rows that show because the filters changed are no arrivals. */
  const seenFilters = useRef(shown.filters);

  useEffect(() => {
    since.current ??= shown.now;
    const sameFilters = seenFilters.current === shown.filters;
    seenFilters.current = shown.filters;
    if (sameFilters) {
      if (since.current && typeof Notification !== "undefined" && Notification.permission === "granted") {
        for (const lead of arrivals(shown.data, seen.current, since.current)) {
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
    }
    for (const lead of shown.data) seen.current.add(lead._id);
  }, [shown]);

  useEffect(() => {
    if (typeof Notification !== "undefined") setNotifications(Notification.permission);
  }, []);

  useEffect(() => {
    let beating = false;
    async function beat() {
      if (beating || document.visibilityState === "hidden") return;
      beating = true;
      try {
        const res = await fetch("/api/leads/pulse", { headers: { Accept: "application/json" }, credentials: "same-origin" });
        if (res.status === 401) {
          // The session ended (idle timeout, signed out elsewhere): the layout's loader sends the browser to sign in.
          await latest.current.revalidate();
          return;
        }
        if (!res.ok) return;
        const { data: pulse } = (await res.json()) as { data: InboxPulse };
        setWaiting(pulse.waiting);
        const previous = lastPulse.current;
        lastPulse.current = pulse;
        const { shown: list, busy } = latest.current;
        // The first pulse has nothing to compare with but the list: a lead stored after the list was read.
        const changed = previous
          ? pulseChanged(previous, pulse)
          : Boolean((pulse.newestReceivedAt && pulse.newestReceivedAt > list.now) || (pulse.newestTextAt && pulse.newestTextAt > list.now));
        // Changing filters or a status change already reads the list again.
        if (changed && !busy) await latest.current.revalidate();
      } catch {
        // A missed beat is retried by the next one.
      } finally {
        beating = false;
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
  }, []);

  useEffect(() => {
    if (waiting === null) return;
    const base = pageTitle(text.title, site);
    const title = text.live.tabTitle(waiting, base);
    document.title = title;
    // Only if it is still ours: on leaving the page, the next page's own title is already in place.
    return () => {
      if (document.title === title) document.title = base;
    };
  }, [waiting, site]);

  const enableNotifications = useCallback(async () => {
    if (typeof Notification === "undefined") return;
    setNotifications(await Notification.requestPermission());
  }, []);

  return { waiting, notifications, enableNotifications };
}
