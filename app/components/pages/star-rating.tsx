import { Icon } from "~/components/ui/icon";

/** A row of stars with one accessible name, e.g. "Rated 5 out of 5"; the stars themselves are decorative. */
export function StarRating({ rating, outOf = 5, className = "" }: { rating: number; outOf?: number; className?: string }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of ${outOf}`} className={`flex gap-0.5 ${className}`}>
      {Array.from({ length: outOf }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical decorative stars; the position is the identity
        <Icon name="star" key={i} className={`h-5 w-5 ${i < rating ? "fill-accent-400 text-accent-600" : "text-slate-300"}`} />
      ))}
    </div>
  );
}
