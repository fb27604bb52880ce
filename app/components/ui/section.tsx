import type { ReactNode } from "react";

const tones = {
  white: "bg-white",
  muted: "bg-slate-50",
  brand: "bg-brand-900 text-white",
} as const;

/** A page section with a heading (h2) and an optional introduction. */
export function Section({
  id,
  title,
  intro,
  tone = "white",
  children,
  className = "",
}: {
  id?: string;
  title?: string;
  intro?: ReactNode;
  tone?: keyof typeof tones;
  children: ReactNode;
  className?: string;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section id={id} aria-labelledby={title ? headingId : undefined} className={`${tones[tone]} py-16 sm:py-20 ${className}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        {title && (
          <div className="mx-auto mb-10 max-w-3xl text-center">
            <h2 id={headingId} className={`text-3xl font-bold tracking-tight ${tone === "brand" ? "text-white" : "text-brand-900"}`}>
              {title}
            </h2>
            {intro && <p className={`mt-4 text-lg ${tone === "brand" ? "text-slate-200" : "text-slate-600"}`}>{intro}</p>}
          </div>
        )}
        {children}
      </div>
    </section>
  );
}
