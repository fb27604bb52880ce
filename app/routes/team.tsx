import { CtaBanner } from "~/components/ui/cta-banner";
import { Icon } from "~/components/ui/icon";
import { PageHero } from "~/components/ui/page-hero";
import { Section } from "~/components/ui/section";
import { agency } from "~/content/agency";
import { closingCopy } from "~/content/closing";
import { type TeamMember, teamIntro, teamMembers } from "~/content/team";
import { seo } from "~/lib/seo";
import { useSite } from "~/lib/site";
import type { Route } from "./+types/team";

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Our Team",
    description: `Meet the licensed agents at ${agency.name} in ${agency.address.city}, ${agency.address.region}, who place and service your trucking, contractor and property coverage.`,
    path: "/team",
    breadcrumb: [{ name: "Our Team", path: "/team" }],
  });
}

/** A tel: link from a display number such as "(512) 555-0150" (US numbers get +1). */
function phoneHref(display: string): string {
  const digits = display.replace(/\D/g, "");
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}

function LinkedInIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className={className} aria-hidden="true" focusable="false">
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9h4v12H3V9Zm6 0h3.8v1.7h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1V21h-4v-5.6c0-1.33-.03-3.05-1.86-3.05-1.86 0-2.14 1.45-2.14 2.95V21H9V9Z" />
    </svg>
  );
}

const linkClass =
  "inline-flex items-center gap-2 rounded-md py-1 text-sm font-medium text-brand-700 break-all hover:text-brand-900 hover:underline";

function MemberCard({ member }: { member: TeamMember }) {
  return (
    <article data-testid="team-member" className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex items-center gap-4">
        <div
          aria-hidden="true"
          className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold tracking-wide text-white ring-4 ring-brand-100"
        >
          {member.initials}
        </div>
        <div>
          <h3 className="text-xl font-bold text-brand-900">{member.name}</h3>
          <p className="mt-1 text-sm font-medium text-slate-600">{member.role}</p>
        </div>
      </div>
      <p className="mt-6 flex-1 leading-relaxed text-slate-700">{member.bio}</p>
      <ul className="mt-6 space-y-1 border-t border-slate-200 pt-4">
        <li>
          <a href={`mailto:${member.email}`} aria-label={`Email ${member.name} at ${member.email}`} className={linkClass}>
            <Icon name="mail" className="h-4 w-4 shrink-0" />
            {member.email}
          </a>
        </li>
        <li>
          <a href={phoneHref(member.phone)} aria-label={`Call ${member.name} at ${member.phone}`} className={linkClass}>
            <Icon name="phone" className="h-4 w-4 shrink-0" />
            {member.phone}
          </a>
        </li>
        <li>
          <a
            href={member.linkedin}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${member.name} on LinkedIn (opens in a new tab)`}
            className={linkClass}
          >
            <LinkedInIcon className="h-4 w-4 shrink-0" />
            LinkedIn
          </a>
        </li>
      </ul>
    </article>
  );
}

export default function Team() {
  const site = useSite();
  return (
    <>
      <PageHero eyebrow={`The people of ${agency.name}`} title={teamIntro.title} subtitle={teamIntro.subtitle} />

      <Section id="members" title="Our licensed agents and account managers">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {teamMembers.map((member) => (
            <li key={member.email}>
              <MemberCard member={member} />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBanner title={closingCopy(site).title} text={closingCopy(site).text} link={{ to: "/contact", label: "Contact Us" }} />
    </>
  );
}
