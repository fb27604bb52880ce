import { useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { AdminPage, AdminTable } from "~/components/admin/admin-page";
import { ListCount, Pager } from "~/components/admin/pager";
import { ScreenLoadError } from "~/components/admin/screen-load-error";
import { SearchBox } from "~/components/admin/search-box";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { listChatbotConversations } from "~/features/admin/back-office.server";
import { localDateTime } from "~/features/admin/format";
import { adminMessages } from "~/features/admin/messages";
import type { ChatbotConversation } from "~/features/admin/types";
import { useHydrated } from "~/features/leads-inbox/components/use-lead-action";
import { useAdminTimes } from "~/lib/admin-format";
import { ADMIN_PAGE_SIZE, pageAsked, pageHref } from "~/lib/paging";
import { requireAdmin } from "~/lib/post.server";
import { hereWithSearch, parseSearch, searchAsked, searchMessages } from "~/lib/search";
import type { Route } from "./+types/chatbot-management";

const text = adminMessages.chatbot;

/**
 * One conversation per visitor, the most recently active first, 50 visitors a page (`?page=`), read by the
 * same function as GET /api/chatbot-conversations; `?view={id}` names the conversation of the page whose
 * transcript is open (so it opens without scripts too). The screen only reads: no action.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const url = new URL(request.url);
  const q = searchAsked(url);
  const list = await listChatbotConversations(context.db, pageAsked(url), ADMIN_PAGE_SIZE, parseSearch(q));
  const asked = url.searchParams.get("view");
  return { list, q, viewing: list.items.some((c) => c._id === asked) ? asked : null };
}

/** The conversations could not be read: the failure text with Try Again, and a toast. */
export function ErrorBoundary() {
  return <ScreenLoadError title={text.title} message={text.failure} />;
}

function Transcript({ conversation }: { conversation: ChatbotConversation }) {
  const { longTime } = useAdminTimes();
  // The server's HTML tells times in the agency's zone; once hydrated, in the admin's own.
  const hydrated = useHydrated();
  if (conversation.conversation.length === 0) return <p className="mt-6 text-slate-600">{text.noMessages}</p>;
  return (
    <ol className="mt-6 max-h-[60vh] space-y-4 overflow-y-auto pr-1" aria-label="Messages">
      {conversation.conversation.map((message) => {
        const fromUser = message.role === "user";
        return (
          <li key={message._id} className={`flex flex-col ${fromUser ? "items-end" : "items-start"}`} data-role={fromUser ? "user" : "ai"}>
            <p className="text-xs font-semibold text-slate-600">{fromUser ? conversation.name : "AI"}</p>
            <p
              className={`mt-1 max-w-[85%] rounded-lg px-3 py-2 text-sm whitespace-pre-line ${fromUser ? "bg-brand-700 text-white" : "bg-slate-100 text-slate-900"}`}
            >
              {message.content}
            </p>
            <time dateTime={message.createdAt} className="mt-1 text-xs text-slate-500">
              {hydrated ? localDateTime(message.createdAt) : longTime(message.createdAt)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * /admin/chatbot-management: one row per visitor who chatted, with the transcript in a dialog. "View
 * Conversation" asks for `?view={id}`: without scripts the page comes back with the transcript under
 * the list; with them, the dialog opens in place.
 */
export default function ChatbotManagement({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const rows = list.items;
  const base = hereWithSearch("/admin/chatbot-management", loaderData.q);
  const here = pageHref(base, list.page);
  const hydrated = useHydrated();
  const [, setParams] = useSearchParams();
  const viewing = rows.find((row) => row._id === loaderData.viewing) ?? null;
  const [open, setOpen] = useState<ChatbotConversation | null>(viewing);

  function close() {
    setOpen(null);
    // A transcript opened from the address: the address no longer names it.
    if (loaderData.viewing) {
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("view");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  }

  return (
    <AdminPage title={text.title}>
      <SearchBox action="/admin/chatbot-management" q={loaderData.q} label={text.search} />
      <ListCount list={list} noun={text.noun} />
      <AdminTable
        caption={text.title}
        columns={["Name", "Email", "Phone", "Actions"]}
        empty={loaderData.q ? searchMessages.noMatch(loaderData.q) : text.empty}
        isEmpty={rows.length === 0}
      >
        {rows.map((row) => (
          <tr key={row._id}>
            <td className="px-4 py-3 font-medium text-slate-900">{row.name}</td>
            <td className="px-4 py-3">
              <a href={`mailto:${row.email}`} className="text-brand-700 underline">
                {row.email}
              </a>
            </td>
            <td className="px-4 py-3 text-slate-700">{row.phone}</td>
            <td className="px-4 py-3 text-right">
              <Form method="get" preventScrollReset>
                {loaderData.q && <input type="hidden" name="q" value={loaderData.q} />}
                {list.page > 1 && <input type="hidden" name="page" value={list.page} />}
                <button
                  type="submit"
                  name="view"
                  value={row._id}
                  className={buttonClass("outline", "px-3 py-1.5 text-sm")}
                  onClick={(event) => {
                    // Once hydrated the dialog opens in place; the address is left as it is.
                    event.preventDefault();
                    setOpen(row);
                  }}
                  aria-haspopup="dialog"
                >
                  {text.view}
                  <span className="sr-only"> with {row.name}</span>
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </AdminTable>
      <Pager page={list.page} pageCount={list.pageCount} href={(page) => pageHref(base, page)} />
      {viewing && !hydrated && (
        // Without scripts: the transcript the address names, under the list.
        <section aria-labelledby="conversation-page-title" className="mt-8 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
          <h2 id="conversation-page-title" className="text-2xl font-bold text-brand-900">
            {text.conversationTitle(viewing.name)}
          </h2>
          <Transcript conversation={viewing} />
          <Link to={here} className="mt-6 inline-block text-sm font-medium text-brand-700 underline">
            {text.close}
          </Link>
        </section>
      )}
      <Modal open={open !== null} onClose={close} title={open ? text.conversationTitle(open.name) : ""} titleId="conversation-title">
        {open && <Transcript conversation={open} />}
      </Modal>
    </AdminPage>
  );
}
