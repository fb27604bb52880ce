/**
 * The rows of the Team, Testimonials and FAQ screens: each entry's place in the order with its Move up
 * and Move down buttons (forms posted to the list's action, so they work without scripts too), and its
 * Edit link and Delete button (confirmed first: app/components/admin/list-parts.tsx).
 */
import type { FormEvent, ReactNode } from "react";
import { Form, Link } from "react-router";
import { DeleteButton } from "~/components/admin/list-parts";
import { Icon } from "~/components/ui/icon";

type RowTexts = { moveUp: string; moveDown: string; edit: string; delete: string };

const iconButton =
  "inline-flex h-9 w-9 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-40";

function MoveButton({
  id,
  direction,
  label,
  action,
  disabled,
}: {
  id: string;
  direction: "up" | "down";
  label: string;
  action: string;
  disabled: boolean;
}) {
  return (
    <Form method="post" action={action} preventScrollReset>
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className={iconButton} disabled={disabled} aria-label={label} title={label}>
        <Icon name="chevron-down" className={`h-5 w-5 ${direction === "up" ? "rotate-180" : ""}`} />
      </button>
    </Form>
  );
}

/** An entry's place (1-based) and its move buttons; the first can go no higher and the last no lower. */
export function OrderCell({
  id,
  subject,
  place,
  count,
  action,
  text,
}: {
  id: string;
  subject: string;
  place: number;
  count: number;
  action: string;
  text: RowTexts;
}) {
  return (
    <div className="flex items-center gap-2">
      <span className="w-6 text-right font-semibold text-slate-700 tabular-nums">{place}</span>
      <MoveButton id={id} direction="up" label={`${text.moveUp}: ${subject}`} action={action} disabled={place === 1} />
      <MoveButton id={id} direction="down" label={`${text.moveDown}: ${subject}`} action={action} disabled={place === count} />
    </div>
  );
}

/** An entry's Edit link and Delete button. */
export function RowActions({
  id,
  subject,
  editTo,
  action,
  onAsk,
  text,
}: {
  id: string;
  subject: string;
  editTo: string;
  action: string;
  onAsk: (event: FormEvent<HTMLFormElement>) => void;
  text: RowTexts;
}) {
  return (
    <div className="flex justify-end gap-2 whitespace-nowrap">
      <Link to={editTo} className="rounded-md px-3 py-1.5 font-semibold text-brand-700 hover:bg-brand-50">
        {text.edit}
        <span className="sr-only"> {subject}</span>
      </Link>
      <DeleteButton
        id={id}
        subject={subject}
        label={text.delete}
        action={action}
        onAsk={onAsk}
        className="rounded-md px-3 py-1.5 font-semibold text-red-700 hover:bg-red-50"
      />
    </div>
  );
}

/** A preview frame: what the public page shows, under its note. */
export function Preview({ title, note, children, dark = false }: { title: string; note: string; children: ReactNode; dark?: boolean }) {
  return (
    <section aria-labelledby="preview-title" className="rounded-xl border border-slate-200 bg-slate-50 p-6 shadow-sm" data-testid="preview">
      <h2 id="preview-title" className="text-lg font-semibold text-brand-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{note}</p>
      <div className={`mt-4 ${dark ? "rounded-lg bg-brand-900 p-6" : ""}`}>{children}</div>
    </section>
  );
}
