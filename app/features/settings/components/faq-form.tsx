import { type FormEvent, useState } from "react";
import { AdminFormFrame } from "~/components/admin/form-frame";
import { TextAreaField, TextField } from "~/components/form/fields";
import { FaqAccordion } from "~/components/ui/faq-accordion";
import { fieldError, useActionForm } from "~/lib/form";
import { useSite } from "~/lib/site";
import { type FaqRecord, faqView } from "../site-lists";
import { siteListMessages } from "../site-lists-messages";
import { Preview } from "./list-parts";
import { type PlaceholderItem, PlaceholderList } from "./placeholder-list";

const text = siteListMessages.faqs;
const loadSchema = () => import("../site-lists-schema").then((m) => m.faqSchema);

type Fields = { question: string; answer: string };

/**
 * The FAQ screen's form for a new question (`faq` null) or one of them; beside it the question as the
 * home page's accordion shows it, following what is typed, and the placeholders it may hold.
 */
export function FaqForm({ faq, placeholders }: { faq: FaqRecord | null; placeholders: PlaceholderItem[] }) {
  const site = useSite();
  const actionForm = useActionForm<Fields>({
    id: "faq",
    schema: loadSchema,
    invalidToast: text.validationToast,
    failure: text.failure,
    eager: true,
  });
  const { fields, pageAnswer } = actionForm;
  const shown = (name: keyof Fields) => (pageAnswer ? String(fields[name].initialValue ?? "") : (faq?.[name] ?? ""));
  const [draft, setDraft] = useState<Fields>(() => ({ question: shown("question"), answer: shown("answer") }));
  const onInput = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target as HTMLInputElement;
    if (target.name === "question" || target.name === "answer") setDraft((d) => ({ ...d, [target.name]: target.value }));
  };
  const view = faqView({ ...draft, id: faq?.id ?? "new" }, site);

  return (
    <AdminFormFrame
      title={faq ? text.editTitle : text.addTitle}
      form={actionForm}
      label={faq ? text.editTitle : text.addTitle}
      legend={text.title}
      submitLabel={faq ? text.save : text.create}
      busyLabel={text.submitting}
      cancel={{ to: "/admin/faqs", label: text.cancel }}
      aside={
        <>
          <Preview title={text.preview} note={text.previewNote}>
            <FaqAccordion items={[{ question: view.question || " ", answer: view.answer }]} headingLevel={3} />
          </Preview>
          <PlaceholderList items={placeholders} />
        </>
      }
    >
      <div className="space-y-5" onInput={onInput}>
        <TextField
          id="faq-question"
          name="question"
          label="Question"
          required
          maxLength={300}
          defaultValue={shown("question")}
          error={fieldError(fields.question)}
        />
        <TextAreaField
          id="faq-answer"
          name="answer"
          label="Answer"
          required
          rows={8}
          maxLength={3000}
          defaultValue={shown("answer")}
          error={fieldError(fields.answer)}
        />
      </div>
    </AdminFormFrame>
  );
}
