import { Link } from "react-router";
import { agency, licensedStateCount, promises, telHref } from "~/content/agency";
import { pageTitle } from "~/lib/seo";

export function meta() {
  return [
    { title: pageTitle(`Commercial Insurance in Liberty Hill, Texas and ${licensedStateCount} States`) },
    {
      name: "description",
      content: `${agency.name}: commercial trucking, contractors, general liability, commercial property, HOA and investment-property insurance from ${promises.carriers} carriers. Quotes in about ${promises.quoteMinutes} minutes.`,
    },
  ];
}

export default function Home() {
  return (
    <section className="bg-gradient-to-br from-brand-900 to-brand-700 text-white">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:py-28">
        <p className="text-sm font-semibold tracking-wide text-accent-400 uppercase">
          Independent agency · Licensed in {licensedStateCount} states
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Commercial insurance that keeps your trucks rolling and your job sites open
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-200">
          We shop {promises.carriers} carriers for trucking, contractors, general liability, commercial property, HOA and
          investment-property coverage, and most quotes are back to you in about {promises.quoteMinutes} minutes.
        </p>
        <div className="mt-10 flex flex-wrap gap-4">
          <a href={telHref()} className="rounded-md bg-white px-5 py-3 font-semibold text-brand-800 hover:bg-brand-50">
            Call {agency.phone.primary.display}
          </a>
          <Link to="/quote" className="rounded-md bg-accent-400 px-5 py-3 font-semibold text-brand-900 hover:bg-accent-500">
            Get Instant Quote
          </Link>
        </div>
      </div>
    </section>
  );
}
