/**
 * Mounts the chat widget without putting it in the page's JavaScript at load: its code is imported
 * after the visitor's first interaction with the page, or some seconds after the load event for a
 * visitor who has not touched anything (~/lib/after-first-interaction), or at once when a "Live
 * Chat" button asks for it (through the opener it registers in app/lib/open-chat.tsx from the
 * start, so the button never shows its fallback while the widget is on its way). So a page's load,
 * and what Lighthouse measures of it (docs/decisions/007-page-weight.md), carries none of the widget.
 * This module is in every public page's first load (about 0.4 KB gzipped): keep it small.
 */
import { type ComponentType, useEffect, useState } from "react";
import { LoadBoundary } from "~/components/ui/load-boundary";
import { afterFirstInteraction } from "~/lib/after-first-interaction";
import { useRegisterChatOpener } from "~/lib/open-chat";
import type { ChatWidgetProps } from "./chat-widget";

type Widget = ComponentType<ChatWidgetProps>;

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
    // Back on a public page after an admin one: the widget has been loaded already (loading it again is a no-op).
    if (loading) load();
    const cancel = afterFirstInteraction(load);
    const unregister = registerOpener(open);
    return () => {
      cancel();
      unregister();
    };
  }, [registerOpener]);

  return Widget ? (
    <LoadBoundary fallback={null} onError={() => (failed = true)}>
      <Widget openRequests={openRequests} whatsappNumber={whatsappNumber} />
    </LoadBoundary>
  ) : null;
}
