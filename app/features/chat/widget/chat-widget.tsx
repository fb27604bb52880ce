/**
 * The floating chat assistant (spec 001 sections 2 and 4). Loaded by ChatLauncher (./chat-launcher.tsx)
 * after the page is interactive, so none of it is in a page's first-load JavaScript.
 */
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
// The whole stylesheet, loaded before this module runs: a prerendered page's inline CSS holds only
// the rules its own markup uses (root.tsx loads it on the same first interaction; it arrives once).
import "~/app.css";
import { useSite } from "~/lib/site";
import { notifyError } from "~/lib/toast";
import { chatGreeting } from "../messages";
import { type ApiMessage, ChatApiError, fetchMessages, sendMessage, startSession } from "./api";
import { Composer, FaqList, MessageList, type WidgetMessage } from "./chat-view";
import { ChatIcon, CloseIcon, ExpandIcon, MinimizeIcon } from "./icons";
import { type FieldErrors, IntakeForm } from "./intake-form";
import { chatDbName, clearSession, loadSession, type SavedSession, saveSession, type VisitorInfo } from "./session-store";
import { widgetTexts as t } from "./texts";

export type ChatWidgetProps = {
  /** Counts the open requests (Live Chat buttons); each new one opens the panel. */
  openRequests: number;
  /** The server's WHATSAPP_NUMBER, digits only: used when the agency's profile names no WhatsApp number. */
  whatsappNumber: string | null;
};

type Phase = "checking" | "intake" | "chat";

let lastKey = 0;
const nextKey = () => `m${++lastKey}`;
const toWidget = (m: ApiMessage): WidgetMessage => ({ key: nextKey(), role: m.role, content: m.content, link: m.link });
const FIELD_NAMES = new Set(["name", "email", "phone", "insuranceType"]);

const headerButton = "h-9 w-9 shrink-0 items-center justify-center rounded-md text-white hover:bg-white/15";

export function ChatWidget({ openRequests, whatsappNumber }: ChatWidgetProps) {
  const site = useSite();
  // The database the page started with: a renamed agency's new name applies from the next page load,
  // so an open chat is not dropped half-way.
  const [dbName] = useState(() => chatDbName(site));
  const whatsapp = site.agency.whatsapp.replace(/\D/g, "") || whatsappNumber;
  const [phase, setPhase] = useState<Phase>("checking");
  const [open, setOpen] = useState(false);
  const [minimized, setMinimized] = useState(false);
  const [showFaqs, setShowFaqs] = useState(false);
  const [session, setSession] = useState<SavedSession | null>(null);
  const [defaults, setDefaults] = useState<VisitorInfo>();
  const [messages, setMessages] = useState<WidgetMessage[]>([]);
  const [pending, setPending] = useState(false);
  // Refs for the checks a send makes, so two quick sends cannot both pass them.
  const sessionRef = useRef<SavedSession | null>(null);
  const pendingRef = useRef(false);
  const openButton = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  /** Where focus goes after the next render: into the panel, or back to the open button. */
  const moveFocus = useRef<"panel" | "button" | null>(null);

  const rememberSession = useCallback((next: SavedSession | null) => {
    sessionRef.current = next;
    setSession(next);
  }, []);

  const toIntake = useCallback(
    (info?: VisitorInfo) => {
      rememberSession(null);
      setDefaults(info);
      setMessages([]);
      setShowFaqs(false);
      setPhase("intake");
    },
    [rememberSession],
  );

  // On load: restore the saved session. With history, the chat; without, the intake form; on any
  // error, forget the saved session and show the form.
  useEffect(() => {
    let active = true;
    (async () => {
      try {
        const saved = await loadSession(dbName);
        if (!saved) {
          if (active) toIntake();
          return;
        }
        const history = await fetchMessages(saved.id);
        if (!active) return;
        if (history.length === 0) {
          await clearSession(dbName);
          return toIntake(saved.info);
        }
        rememberSession(saved);
        setMessages(history.map(toWidget));
        setPhase("chat");
      } catch {
        await clearSession(dbName);
        if (active) toIntake();
      }
    })();
    return () => {
      active = false;
    };
  }, [toIntake, rememberSession, dbName]);

  const openPanel = useCallback(() => {
    setOpen(true);
    setMinimized(false);
    moveFocus.current = "panel";
  }, []);

  useEffect(() => {
    if (openRequests > 0) openPanel();
  }, [openRequests, openPanel]);

  // Below 640 px the panel covers the screen: the page behind it stops scrolling while it is open.
  useEffect(() => {
    if (!open || !window.matchMedia("(max-width: 639.98px)").matches) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = previous;
    };
  }, [open]);

  function close() {
    setOpen(false);
    setShowFaqs(false);
    setMinimized(false);
    moveFocus.current = "button";
  }

  // A focus move waits for the render that shows its target: opening from an effect (Live Chat)
  // asks for it before the state that opens the panel has rendered.
  useEffect(() => {
    if (phase === "checking" || moveFocus.current === null) return;
    if (moveFocus.current === "button") {
      if (open) return;
      openButton.current?.focus();
    } else if (!open || !panel.current) {
      return;
    } else {
      const box = panel.current;
      const target = box.querySelector<HTMLElement>("#chat-name, #chat-input:not(:disabled)") ?? box.querySelector<HTMLElement>("button");
      target?.focus();
      // The panel can still be settling (its stylesheet arriving): make sure focus landed in it.
      requestAnimationFrame(() => {
        if (target && box.isConnected && !box.contains(document.activeElement)) target.focus();
      });
    }
    moveFocus.current = null;
  });

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (event.key === "Escape") {
      event.stopPropagation();
      close();
    }
  }

  async function start(info: VisitorInfo): Promise<FieldErrors | undefined> {
    try {
      const { id, messages: history, greeting } = await startSession(info);
      const saved = { id, info };
      await saveSession(dbName, saved);
      rememberSession(saved);
      // Earlier conversation when there is one, else the greeting (the server stores it as the session's first message).
      setMessages(
        history.length > 0
          ? history.map(toWidget)
          : [{ key: nextKey(), role: "assistant", content: greeting ?? chatGreeting(info.name, info.insuranceType) }],
      );
      setPhase("chat");
      moveFocus.current = "panel";
      return undefined;
    } catch (error) {
      notifyError(t.startFailed);
      if (error instanceof ChatApiError && error.errors) {
        return Object.fromEntries(
          Object.entries(error.errors).filter(([k, v]) => FIELD_NAMES.has(k) && typeof v === "string"),
        ) as FieldErrors;
      }
      return undefined;
    }
  }

  /** Answers whether the message was sent and answered. */
  async function send(text: string): Promise<boolean> {
    const content = text.trim();
    const current = sessionRef.current;
    // Ignored: blank text, no session, or a reply still pending.
    if (!content || !current || pendingRef.current) return false;
    pendingRef.current = true;
    setPending(true);
    const key = nextKey();
    setMessages((list) => [...list, { key, role: "user", content }]);
    try {
      const reply = await sendMessage(current.id, content);
      setMessages((list) => [...list, toWidget(reply)]);
      return true;
    } catch (error) {
      setMessages((list) => list.filter((m) => m.key !== key));
      notifyError(t.sendFailed);
      if (error instanceof ChatApiError && error.status === 404) {
        // The server no longer knows this session: start again from the form, details filled in.
        await clearSession(dbName);
        toIntake(current.info);
        moveFocus.current = "panel";
      }
      return false;
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
  }

  function chooseFaq(question: string, answer: string) {
    setMessages((list) => [
      ...list,
      { key: nextKey(), role: "user", content: question },
      { key: nextKey(), role: "assistant", content: answer },
    ]);
    setShowFaqs(false);
  }

  if (phase === "checking") return null;

  if (!open) {
    return (
      <button
        ref={openButton}
        type="button"
        onClick={openPanel}
        aria-label={t.openButton}
        aria-haspopup="dialog"
        data-testid="chat-open"
        className="fixed right-4 bottom-4 z-[60] inline-flex h-14 w-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg ring-2 ring-white hover:bg-brand-800 sm:right-6 sm:bottom-6"
      >
        <ChatIcon className="h-6 w-6" />
      </button>
    );
  }

  return (
    <div
      ref={panel}
      id="chat-widget"
      role="dialog"
      aria-modal="false"
      aria-labelledby="chat-widget-title"
      onKeyDown={onKeyDown}
      data-minimized={minimized ? "true" : undefined}
      className={`fixed inset-0 z-[60] flex flex-col overflow-hidden bg-white text-slate-900 shadow-2xl sm:inset-auto sm:right-6 sm:bottom-6 sm:max-h-[calc(100dvh-3rem)] sm:rounded-xl sm:border sm:border-slate-200 ${minimized ? "sm:h-auto sm:w-14" : "sm:h-[600px] sm:w-96"}`}
    >
      <div className={`flex shrink-0 items-center gap-1 bg-brand-800 py-2 pr-2 pl-4 text-white ${minimized ? "sm:flex-col sm:px-0" : ""}`}>
        <h2 id="chat-widget-title" className={`min-w-0 flex-1 truncate text-base font-semibold ${minimized ? "sm:sr-only" : ""}`}>
          {t.title}
        </h2>
        {phase === "chat" && (
          <button
            type="button"
            onClick={() => setShowFaqs((v) => !v)}
            aria-pressed={showFaqs}
            title={showFaqs ? t.faqsHide : t.faqsShow}
            className={`rounded-md px-2 py-1.5 text-sm font-semibold text-white ring-1 ring-white/40 hover:bg-white/15 aria-pressed:bg-white aria-pressed:text-brand-800 ${minimized ? "sm:hidden" : ""}`}
          >
            {t.faqs}
          </button>
        )}
        <button
          type="button"
          onClick={() => setMinimized((v) => !v)}
          aria-label={minimized ? t.expand : t.minimize}
          className={`${headerButton} hidden sm:flex`}
        >
          {minimized ? <ExpandIcon /> : <MinimizeIcon />}
        </button>
        <button type="button" onClick={close} aria-label={t.close} className={`${headerButton} flex`}>
          <CloseIcon />
        </button>
      </div>
      <div className={`flex min-h-0 flex-1 flex-col ${minimized ? "sm:hidden" : ""}`}>
        {phase === "intake" ? (
          <div className="flex-1 overflow-y-auto">
            <IntakeForm defaults={defaults} onStart={start} />
          </div>
        ) : (
          <>
            {showFaqs ? <FaqList onChoose={chooseFaq} /> : <MessageList messages={messages} pending={pending} />}
            <Composer pending={pending} onSend={send} inputRef={input} whatsappNumber={whatsapp} visitor={session?.info} />
          </>
        )}
      </div>
    </div>
  );
}
