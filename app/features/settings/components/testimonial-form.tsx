import { type FormEvent, useState } from "react";
import { AdminFormFrame } from "~/components/admin/form-frame";
import { TextAreaField, TextField } from "~/components/form/fields";
import { FeaturedTestimonial } from "~/components/pages/featured-testimonial";
import { ReviewCard } from "~/components/pages/review-card";
import { TESTIMONIAL_PLACEMENTS, type TestimonialPlacement } from "~/content/testimonials";
import { fieldError, useActionForm } from "~/lib/form";
import { useSite } from "~/lib/site";
import { type TestimonialRecord, testimonialView } from "../site-lists";
import { siteListMessages } from "../site-lists-messages";
import { Preview } from "./list-parts";
import { type PlaceholderItem, PlaceholderList } from "./placeholder-list";

const text = siteListMessages.testimonials;
const loadSchema = () => import("../site-lists-schema").then((m) => m.testimonialSchema);

type Fields = { name: string; role: string; business: string; place: string; quote: string; rating: string; placement: string };
const FIELDS = ["name", "role", "business", "place", "quote", "rating", "placement"] as const;

const control =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none";

/**
 * The Testimonials screen's form for a new testimonial (`testimonial` null) or one of them: who, their
 * role, business and place, the quote, the stars and where it shows; beside it the testimonial as that
 * page shows it, following what is typed, and the placeholders a quote may hold.
 */
export function TestimonialForm({ testimonial, placeholders }: { testimonial: TestimonialRecord | null; placeholders: PlaceholderItem[] }) {
  const site = useSite();
  const actionForm = useActionForm<Fields>({
    id: "testimonial",
    schema: loadSchema,
    invalidToast: text.validationToast,
    failure: text.failure,
    eager: true,
  });
  const { fields, pageAnswer } = actionForm;
  const stored: Fields = {
    name: testimonial?.name ?? "",
    role: testimonial?.role ?? "",
    business: testimonial?.business ?? "",
    place: testimonial?.place ?? "",
    quote: testimonial?.quote ?? "",
    rating: String(testimonial?.rating ?? 5),
    placement: testimonial?.placement ?? "testimonials",
  };
  const shown = (name: keyof Fields) => (pageAnswer ? String(fields[name].initialValue ?? "") : stored[name]);
  const [draft, setDraft] = useState<Fields>(() => Object.fromEntries(FIELDS.map((f) => [f, shown(f)])) as Fields);
  const onInput = (event: FormEvent<HTMLDivElement>) => {
    const target = event.target as HTMLInputElement;
    if ((FIELDS as readonly string[]).includes(target.name)) setDraft((d) => ({ ...d, [target.name]: target.value }));
  };
  const error = (name: keyof Fields) => fieldError(fields[name]);

  const placement: TestimonialPlacement = (TESTIMONIAL_PLACEMENTS as readonly string[]).includes(draft.placement)
    ? (draft.placement as TestimonialPlacement)
    : "testimonials";
  const rating = Math.min(5, Math.max(1, Number(draft.rating) || 5));
  const view = testimonialView({ ...draft, id: testimonial?.id ?? "new", rating, placement }, site);

  return (
    <AdminFormFrame
      title={testimonial ? text.editTitle : text.addTitle}
      form={actionForm}
      label={testimonial ? text.editTitle : text.addTitle}
      legend={text.title}
      submitLabel={testimonial ? text.save : text.create}
      busyLabel={text.submitting}
      cancel={{ to: "/admin/testimonials", label: text.cancel }}
      aside={
        <>
          <Preview
            title={text.preview}
            note={`${text.placements[placement]}. ${text.placementNotes[placement]}`}
            dark={placement === "featured"}
          >
            {placement === "featured" ? (
              <FeaturedTestimonial testimonial={view} />
            ) : (
              <div className="max-w-sm">
                <ReviewCard review={view} testId="preview-card" />
              </div>
            )}
          </Preview>
          <PlaceholderList items={placeholders} />
        </>
      }
    >
      <div className="space-y-5" onInput={onInput} onChange={onInput}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="testimonial-name"
            name="name"
            label="Client's name"
            required
            maxLength={100}
            defaultValue={shown("name")}
            error={error("name")}
          />
          <TextField id="testimonial-role" name="role" label="Role" maxLength={100} defaultValue={shown("role")} error={error("role")} />
          <TextField
            id="testimonial-business"
            name="business"
            label="Business"
            maxLength={150}
            defaultValue={shown("business")}
            error={error("business")}
          />
          <TextField
            id="testimonial-place"
            name="place"
            label="Place"
            maxLength={100}
            defaultValue={shown("place")}
            error={error("place")}
          />
        </div>
        <TextAreaField
          id="testimonial-quote"
          name="quote"
          label="Quote"
          required
          rows={6}
          maxLength={1500}
          defaultValue={shown("quote")}
          error={error("quote")}
        />
        <fieldset aria-describedby={error("rating") ? "testimonial-rating-error" : undefined}>
          <legend className="block text-sm font-medium text-slate-800">
            Rating
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          </legend>
          <div className="mt-2 flex flex-wrap gap-4">
            {[5, 4, 3, 2, 1].map((n) => (
              <label key={n} className="flex items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="rating"
                  value={String(n)}
                  defaultChecked={shown("rating") === String(n)}
                  className="h-4 w-4 text-brand-700 focus:ring-brand-600"
                />
                {text.rating(n)}
              </label>
            ))}
          </div>
          {error("rating") && (
            <p id="testimonial-rating-error" className="mt-1 text-sm font-medium text-red-700">
              {error("rating")}
            </p>
          )}
        </fieldset>
        <div>
          <label htmlFor="testimonial-placement" className="block text-sm font-medium text-slate-800">
            Shows on
            <span className="text-red-700" aria-hidden="true">
              {" "}
              *
            </span>
          </label>
          <select
            id="testimonial-placement"
            name="placement"
            required
            defaultValue={shown("placement")}
            aria-invalid={error("placement") ? true : undefined}
            aria-describedby={error("placement") ? "testimonial-placement-error" : undefined}
            className={`${control} ${error("placement") ? "border-red-600" : "border-slate-300"}`}
          >
            {TESTIMONIAL_PLACEMENTS.map((p) => (
              <option key={p} value={p}>
                {text.placements[p]}
              </option>
            ))}
          </select>
          {error("placement") && (
            <p id="testimonial-placement-error" className="mt-1 text-sm font-medium text-red-700">
              {error("placement")}
            </p>
          )}
        </div>
      </div>
    </AdminFormFrame>
  );
}
