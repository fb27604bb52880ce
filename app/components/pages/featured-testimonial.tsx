import { Icon } from "~/components/ui/icon";
import type { Review } from "~/content/home";

/** The quote that opens /testimonials, on the page's dark banner: the words, who said it, their role and business. */
export function FeaturedTestimonial({ testimonial }: { testimonial: Review }) {
  return (
    <figure data-testid="featured-testimonial" className="border-l-4 border-accent-400 pl-5">
      <Icon name="quote" className="h-8 w-8 text-accent-400" />
      <blockquote className="mt-3 text-xl leading-relaxed whitespace-pre-line text-white sm:text-2xl">
        <p>&ldquo;{testimonial.message}&rdquo;</p>
      </blockquote>
      <figcaption className="mt-5 text-base text-slate-200">
        <span className="block font-semibold text-white">{testimonial.name}</span>
        {[testimonial.role, testimonial.company].filter(Boolean).join(", ")}
      </figcaption>
    </figure>
  );
}
