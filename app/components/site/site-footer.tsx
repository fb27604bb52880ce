import { Link } from "react-router";
import { footerQuickLinks, footerServiceLinks, type NavLink } from "~/content/navigation";
import { fullAddress, mailtoHref, telHref } from "~/content/site-facts";
import { useSite } from "~/lib/site";
import { Logo } from "./logo";

function LinkList({ title, links }: { title: string; links: NavLink[] }) {
  return (
    <nav aria-label={title}>
      <h2 className="text-sm font-semibold tracking-wide text-white uppercase">{title}</h2>
      <ul className="mt-4 space-y-2">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className="text-sm text-slate-300 hover:text-white">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function SiteFooter() {
  const site = useSite();
  const { agency, licensedStateCount } = site;
  const phones = [agency.phone.primary, ...(agency.phone.secondary ? [agency.phone.secondary] : [])];
  return (
    <footer className="bg-brand-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-2 lg:grid-cols-4">
        <div>
          <Logo inverted />
          <p className="mt-4 text-sm leading-6">
            An independent commercial insurance agency in {agency.address.city}, {agency.address.regionName}, licensed in{" "}
            {licensedStateCount} states.
          </p>
        </div>
        <LinkList title="Quick Links" links={footerQuickLinks} />
        <LinkList title="Services" links={footerServiceLinks} />
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact Us</h2>
          <address className="mt-4 space-y-2 text-sm not-italic">
            <p>{fullAddress(site)}</p>
            {phones.map((phone) => (
              <p key={phone.e164}>
                <a href={telHref(phone.e164)} className="hover:text-white">
                  {phone.display}
                </a>
              </p>
            ))}
            <p>
              <a href={mailtoHref(agency.email)} className="hover:text-white">
                {agency.email}
              </a>
            </p>
          </address>
          <p className="mt-4 text-sm font-medium text-white">Office hours, {agency.hours.zoneName}</p>
          <dl className="mt-2 space-y-1 text-sm" data-testid="footer-hours">
            {agency.hours.rows.map((row) => (
              <div key={row.days} className="flex flex-wrap gap-x-2">
                <dt>{row.days}:</dt>
                <dd>{row.label}</dd>
              </div>
            ))}
          </dl>
          {agency.social.length > 0 && (
            <ul className="mt-4 flex flex-wrap gap-x-4 gap-y-2 text-sm" aria-label="Social media">
              {agency.social.map((link) => (
                <li key={link.network}>
                  <a href={link.url} rel="me noopener" className="underline-offset-4 hover:text-white hover:underline">
                    {link.name}
                    <span className="sr-only"> ({agency.name})</span>
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6">
          &copy; <span suppressHydrationWarning>{new Date().getFullYear()}</span> {agency.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
