/**
 * "Live Chat" buttons open the chat widget through React context. The root layout renders
 * `ChatOpenerProvider` around the page and the chat launcher; the launcher registers how to open the
 * widget (`useRegisterChatOpener`), and a button calls the `openChat()` of `useOpenChat()`. It answers
 * false when no widget could take the request (none on this page, or its code failed to arrive): the
 * caller then shows its fallback. This module is in every page's first load: keep it small.
 */
import { createContext, type ReactNode, useContext, useState } from "react";

/** Opens the chat widget; true when it took the request. */
export type ChatOpener = () => boolean;

type Openers = {
  openChat: ChatOpener;
  /** Makes `opener` the one `openChat` asks, until the returned function is called. */
  register: (opener: ChatOpener) => () => void;
};

/** Outside a provider no widget can open: `openChat` answers false. */
const OpenersContext = createContext<Openers>({ openChat: () => false, register: () => () => {} });

export function ChatOpenerProvider({ children }: { children: ReactNode }) {
  const [openers] = useState<Openers>(() => {
    let current: ChatOpener | undefined;
    return {
      openChat: () => current?.() ?? false,
      register: (opener) => {
        current = opener;
        return () => {
          if (current === opener) current = undefined;
        };
      },
    };
  });
  return <OpenersContext value={openers}>{children}</OpenersContext>;
}

/** What a "Live Chat" button calls: true when a chat widget took the request, false to show the fallback. */
export function useOpenChat(): ChatOpener {
  return useContext(OpenersContext).openChat;
}

/** For the chat launcher: registers its opener (call it in an effect; the returned function unregisters it). */
export function useRegisterChatOpener(): Openers["register"] {
  return useContext(OpenersContext).register;
}
