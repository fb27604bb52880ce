import { type FormEvent, type RefObject, useEffect, useRef, useState } from "react";
import { mailtoHref, telHref } from "~/content/site-facts";
import { useSite } from "~/lib/site";
import { chatFaqs } from "../faqs";
import type { ChatRole } from "../messages";
import type { ChatLink } from "../schema";
import { ContactIcon, MailIcon, PhoneIcon, SendIcon, WhatsAppIcon } from "./icons";
import { widgetTexts as t } from "./texts";

export type WidgetMessage = { key: string; role: ChatRole; content: string; link?: ChatLink };

/** The spec's scroll delay: the list scrolls to the newest message 100 ms after a change. */
export const SCROLL_DELAY_MS = 100;

export function whatsappHref(number: string, name?: string, insuranceType?: string): string {
  return `https://wa.me/${number.replace(/\D/g, "")}?text=${encodeURIComponent(t.whatsappText(name, insuranceType))}`;
}

export function MessageList({ messages, pending }: { messages: WidgetMessage[]; pending: boolean }) {
  const list = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message or the Thinking... line is what scrolls the list to the newest.
  useEffect(() => {
    const timer = setTimeout(() => {
      const el = list.current;
      if (el) el.scrollTop = el.scrollHeight;
    }, SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [messages, pending]);

  return (
    <div
      ref={list}
      role="log"
      aria-live="polite"
      aria-label={t.conversation}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll it (axe: scrollable-region-focusable).
      tabIndex={0}
      className="flex-1 space-y-3 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2"
    >
      {messages.map((m) => (
        <div key={m.key} className={`flex ${m.role === "user" ? "justify-end" : "justify-start"}`} data-role={m.role}>
          <p
            className={`max-w-[85%] rounded-lg px-3 py-2 text-sm leading-6 whitespace-pre-wrap break-words ${m.role === "user" ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900"}`}
          >
            <span className="sr-only">{m.role === "user" ? t.you : t.assistant}: </span>
            {m.content}
            {m.link && (
              <span className="mt-2 block border-t border-slate-200 pt-2 text-xs text-slate-700">
                {t.moreOnThis}{" "}
                <a href={m.link.path} className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900">
                  {m.link.title}
                </a>
              </span>
            )}
          </p>
        </div>
      ))}
      {pending && (
        <p className="flex justify-start" data-testid="chat-thinking">
          <span className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-600 italic">{t.thinking}</span>
        </p>
      )}
    </div>
  );
}

export function FaqList({ onChoose }: { onChoose: (question: string, answer: string) => void }) {
  const site = useSite();
  return (
    <div className="flex-1 overflow-y-auto p-4" id="chat-faqs">
      <h3 className="text-base font-semibold text-brand-900">{t.faqHeading}</h3>
      <ul className="mt-3 space-y-2">
        {chatFaqs(site).map((faq) => (
          <li key={faq.question}>
            <button
              type="button"
              onClick={() => onChoose(faq.question, faq.answer)}
              className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-left text-sm text-slate-800 hover:border-brand-600 hover:bg-brand-50"
            >
              {faq.question}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The contact-info and WhatsApp buttons, the contact card, and the message input. */
export function Composer({
  pending,
  onSend,
  inputRef,
  whatsappNumber,
  visitor,
}: {
  pending: boolean;
  /** Answers false when the text was not sent (ignored or failed), so the draft is kept. */
  onSend: (text: string) => Promise<boolean>;
  inputRef: RefObject<HTMLInputElement | null>;
  whatsappNumber: string | null;
  visitor?: { name: string; insuranceType: string };
}) {
  const site = useSite();
  const [draft, setDraft] = useState("");
  const [contactOpen, setContactOpen] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft;
    // Cleared at once, as the message appears in the list; a failed send puts it back.
    setDraft("");
    const sent = await onSend(text);
    if (!sent) setDraft((current) => (current === "" ? text : current));
  }

  // The input is disabled while a reply is pending, which drops its focus: give it back afterwards,
  // unless the visitor has moved on to something else.
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending && (document.activeElement === null || document.activeElement === document.body))
      inputRef.current?.focus();
    wasPending.current = pending;
  }, [pending, inputRef]);

  return (
    <div className="border-t border-slate-200 p-3">
      {contactOpen && (
        <div
          id="chat-contact-card"
          className="mb-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm"
          data-testid="chat-contact-card"
        >
          <p className="font-semibold text-brand-900">{t.contactName}</p>
          <p className="mt-1 flex items-center gap-2">
            <PhoneIcon className="h-4 w-4 text-slate-600" />
            <span className="sr-only">{t.contactPhone}: </span>
            <a className="font-medium text-brand-700 underline" href={telHref(site.agency.phone.primary.e164)}>
              {site.agency.phone.primary.display}
            </a>
          </p>
          <p className="mt-1 flex items-center gap-2">
            <MailIcon className="h-4 w-4 text-slate-600" />
            <span className="sr-only">{t.contactEmail}: </span>
            <a className="font-medium text-brand-700 underline" href={mailtoHref(site.agency.email)}>
              {site.agency.email}
            </a>
          </p>
        </div>
      )}
      <div className="mb-2 flex gap-2">
        <button
          type="button"
          onClick={() => setContactOpen((v) => !v)}
          aria-expanded={contactOpen}
          aria-controls="chat-contact-card"
          className="inline-flex items-center gap-1.5 rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100"
        >
          <ContactIcon className="h-4 w-4" />
          {t.contactButton}
        </button>
        {whatsappNumber && (
          <a
            href={whatsappHref(whatsappNumber, visitor?.name, visitor?.insuranceType)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t.whatsappLabel}
            className="inline-flex items-center gap-1.5 rounded-md bg-[#075e54] px-3 py-1.5 text-sm font-medium text-white hover:bg-[#054640]"
          >
            <WhatsAppIcon className="h-4 w-4" />
            {t.whatsapp}
          </a>
        )}
      </div>
      <form method="post" onSubmit={submit} className="flex gap-2">
        <label htmlFor="chat-input" className="sr-only">
          {t.inputLabel}
        </label>
        <input
          ref={inputRef}
          id="chat-input"
          name="message"
          type="text"
          autoComplete="off"
          maxLength={2000}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          disabled={pending}
          placeholder={t.inputPlaceholder}
          className="min-w-0 flex-1 rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:bg-slate-100"
        />
        <button
          type="submit"
          disabled={pending}
          aria-label={t.send}
          className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md bg-brand-700 text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60"
        >
          <SendIcon className="h-5 w-5" />
        </button>
      </form>
    </div>
  );
}
