/**
 * Mounts the chat widget without putting it in the page's JavaScript at load: its code is imported
 * on the visitor's first interaction with the page (a pointer move, touch, key, scroll), or
 * FALLBACK_MS after the load event for a visitor who has not touched anything, or at once when a
 * "Live Chat" button asks for it (through the opener it registers in app/lib/open-chat.tsx from the
 * start, so the button never shows its fallback while the widget is on its way). So a page's load,
 * and what Lighthouse measures of it (docs/decisions/007-page-weight.md), carries none of the widget.
 * This module is in every public page's first load (about 0.4 KB gzipped): keep it small.
 */
import { type ComponentType, useEffect, useState } from "react";
import { LoadBoundary } from "~/components/ui/load-boundary";
import { useRegisterChatOpener } from "~/lib/open-chat";
import type { ChatWidgetProps } from "./chat-widget";

type Widget = ComponentType<ChatWidgetProps>;

const INTERACTIONS = ["pointermove", "pointerdown", "keydown", "touchstart", "scroll", "wheel"] as const;
const FALLBACK_MS = 10_000;

let loading: Promise<Widget> | undefined;
/** Once the widget failed to arrive, open requests are left to the page's own fallback. */
let failed = false;
const loadWidget = () =>
  (loading ??= import("./chat-widget").then(
    (m) => m.ChatWidget,
    (error: unknown) => {
      failed = true;
      throw error;
    },
  ));

export function ChatLauncher({ whatsappNumber }: { whatsappNumber: string | null }) {
  const [Widget, setWidget] = useState<Widget>();
  const [openRequests, setOpenRequests] = useState(0);
  const registerOpener = useRegisterChatOpener();

  useEffect(() => {
    const load = () =>
      void loadWidget().then(
        (w) => setWidget(() => w),
        () => undefined,
      );
    const open = () => {
      // A request taken while the widget is on its way and then fails to arrive goes unanswered;
      // the button's next press shows its fallback.
      if (failed) return false;
      setOpenRequests((n) => n + 1);
      load();
      return true;
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    const start = () => {
      stop();
      load();
    };
    const later = () => (timer = setTimeout(start, FALLBACK_MS));
    const stop = () => {
      clearTimeout(timer);
      window.removeEventListener("load", later);
      for (const name of INTERACTIONS) window.removeEventListener(name, start);
    };
    for (const name of INTERACTIONS) window.addEventListener(name, start, { passive: true });
    // Back on a public page after an admin one: the widget has been loaded already.
    if (loading) start();
    else if (document.readyState === "complete") later();
    else window.addEventListener("load", later);
    const unregister = registerOpener(open);
    return () => {
      stop();
      unregister();
    };
  }, [registerOpener]);

  return Widget ? (
    <LoadBoundary fallback={null} onError={() => (failed = true)}>
      <Widget openRequests={openRequests} whatsappNumber={whatsappNumber} />
    </LoadBoundary>
  ) : null;
}
