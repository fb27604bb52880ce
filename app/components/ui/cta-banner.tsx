import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonClass, CallButton } from "./button";

/** The closing call to action: a call button and a link. */
export function CtaBanner({ title, text, link }: { title: string; text: ReactNode; link: { to: string; label: string } }) {
  return (
    <section aria-labelledby="cta-heading" className="bg-brand-800 text-white">
      <div className="mx-auto max-w-5xl px-4 py-16 text-center sm:px-6">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-200">{text}</p>
        <div className="mt-8 flex flex-wrap justify-center gap-4">
          <CallButton variant="light" />
          <Link to={link.to} className={buttonClass("accent")}>
            {link.label}
          </Link>
        </div>
      </div>
    </section>
  );
}
