import type { Review } from "~/content/home";
import { StarRating } from "./star-rating";

/** A client review: stars, the quote, and who said it (name as the card's h3; role and business when given). */
export function ReviewCard({ review, testId = "review-card" }: { review: Review; testId?: string }) {
  const byline = [review.role, review.company].filter(Boolean).join(", ");
  return (
    <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-sm" data-testid={testId}>
      <StarRating rating={review.rating} />
      <blockquote className="mt-4 flex-1 leading-relaxed whitespace-pre-line text-slate-700">
        <p>&ldquo;{review.message}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-6 border-t border-slate-200 pt-4">
        <h3 className="font-semibold text-brand-900">{review.name}</h3>
        {byline && <p className="text-sm text-slate-600">{byline}</p>}
      </figcaption>
    </figure>
  );
}
