import { data, Link } from "react-router";
import { perSite, telHref } from "~/content/site-facts";
import { pageTitle } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/not-found";

export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: pageTitle("Page not found", siteFromMatches(matches)) }, { name: "robots", content: "noindex" }];
}

const suggestionsFor = perSite(({ promises }) => [
  { to: "/", label: "Home", text: "Start from the beginning." },
  { to: "/services", label: "Our services", text: "Trucking, contractors, liability, property, HOA and rentals." },
  { to: "/quote", label: "Get a quote", text: `Tell us about your business; we call back within ${promises.contactMinutes} minutes.` },
  { to: "/contact", label: "Contact us", text: "Send a message or find our office hours." },
]);

export default function NotFound() {
  const site = useSite();
  const { agency } = site;
  const suggestions = suggestionsFor(site);
  return (
    <section className="mx-auto max-w-3xl px-4 py-20 sm:px-6">
      <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900 sm:text-4xl">Page not found</h1>
      <p className="mt-4 text-lg text-slate-600">
        The page you asked for does not exist or has moved. One of these may be what you were looking for, or call us at{" "}
        <a className="font-semibold text-brand-700 underline" href={telHref(agency.phone.primary.e164)}>
          {agency.phone.primary.display}
        </a>
        .
      </p>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {suggestions.map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="block h-full rounded-lg border border-slate-200 p-5 hover:border-brand-600 hover:shadow-sm">
              <span className="font-semibold text-brand-800">{s.label}</span>
              <span className="mt-1 block text-sm text-slate-600">{s.text}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
