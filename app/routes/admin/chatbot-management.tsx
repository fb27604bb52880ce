import { useState } from "react";
import { buttonClass } from "~/components/ui/button";
import { Modal } from "~/components/ui/modal";
import { AdminPage, AdminTable, LoadError } from "~/features/admin/components/admin-page";
import { Spinner } from "~/features/admin/components/spinner";
import { localDateTime } from "~/features/admin/format";
import { adminMessages } from "~/features/admin/messages";
import type { ChatbotConversation } from "~/features/admin/types";
import { useAdminData } from "~/features/admin/use-admin-data";
import { notifyError } from "~/lib/notify";

const text = adminMessages.chatbot;

function Transcript({ conversation }: { conversation: ChatbotConversation }) {
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
              {localDateTime(message.createdAt)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}

/** /admin/chatbot-management: one row per visitor who chatted, with the transcript in a dialog. */
export default function ChatbotManagement() {
  const { loading, data, error, reload } = useAdminData<{ data: ChatbotConversation[] }>("/api/chatbot-conversations", () =>
    notifyError(text.failure),
  );
  const [open, setOpen] = useState<ChatbotConversation | null>(null);
  const rows = data?.data ?? [];

  return (
    <AdminPage title={text.title}>
      {loading ? (
        <Spinner label="Loading conversations..." />
      ) : error !== undefined ? (
        <LoadError message={text.failure} onRetry={reload} />
      ) : (
        <AdminTable caption={text.title} columns={["Name", "Email", "Phone", "Actions"]} empty={text.empty} isEmpty={rows.length === 0}>
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
                <button
                  type="button"
                  className={buttonClass("outline", "px-3 py-1.5 text-sm")}
                  onClick={() => setOpen(row)}
                  aria-haspopup="dialog"
                >
                  {text.view}
                  <span className="sr-only"> with {row.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      )}
      <Modal
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? text.conversationTitle(open.name) : ""}
        titleId="conversation-title"
      >
        {open && <Transcript conversation={open} />}
      </Modal>
    </AdminPage>
  );
}
