import type { ReactNode } from "react";

/** The dark banner that opens an inner page, with its h1. */
export function PageHero({
  eyebrow,
  title,
  subtitle,
  children,
  background,
}: {
  eyebrow?: string;
  title: string;
  subtitle?: ReactNode;
  /** Actions (buttons, links) under the text. */
  children?: ReactNode;
  /** A decorative background (an image or illustration), drawn behind a dark overlay. */
  background?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-brand-900 text-white">
      {background && (
        <div className="absolute inset-0 -z-10" aria-hidden="true">
          {background}
          <div className="absolute inset-0 bg-gradient-to-r from-brand-900 via-brand-900/90 to-brand-900/60" />
        </div>
      )}
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 sm:py-24">
        {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">{eyebrow}</p>}
        <h1 className="mt-2 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {subtitle && <div className="mt-6 max-w-2xl text-lg text-slate-200">{subtitle}</div>}
        {children && <div className="mt-8 flex flex-wrap gap-4">{children}</div>}
      </div>
    </section>
  );
}
