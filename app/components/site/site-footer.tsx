import { Link } from "react-router";
import { agency, fullAddress, licensedStateCount, mailtoHref, telHref } from "~/content/agency";
import { footerQuickLinks, footerServiceLinks, type NavLink } from "~/content/navigation";
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
            <p>{fullAddress()}</p>
            <p>
              <a href={telHref()} className="hover:text-white">
                {agency.phone.primary.display}
              </a>
            </p>
            <p>
              <a href={mailtoHref()} className="hover:text-white">
                {agency.email}
              </a>
            </p>
            <p>Mon-Fri {agency.hours.weekdays.label} CT</p>
          </address>
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
