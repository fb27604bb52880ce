import { Icon } from "~/components/ui/icon";
import { SitePicture } from "~/components/ui/site-picture";
import { e164Phone, telHref } from "~/content/site-facts";
import type { TeamMember } from "~/content/team";
import type { SiteImage } from "~/lib/site-images";

/** A member as their card shows them: texts with placeholders filled, and the photo (or the initials). */
export type TeamMemberCardData = TeamMember & { photo: SiteImage | null };

function LinkedInIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className={className} aria-hidden="true" focusable="false">
      <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9h4v12H3V9Zm6 0h3.8v1.7h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1V21h-4v-5.6c0-1.33-.03-3.05-1.86-3.05-1.86 0-2.14 1.45-2.14 2.95V21H9V9Z" />
    </svg>
  );
}

const linkClass =
  "inline-flex items-center gap-2 rounded-md py-1 text-sm font-medium text-brand-700 break-all hover:text-brand-900 hover:underline";

/** A phone number's tel: link: E.164 when it is a valid number, its digits otherwise. */
function phoneHref(display: string): string {
  return telHref(e164Phone(display) ?? display.replace(/[^\d+]/g, ""));
}

/**
 * One member of /team (and the Team screen's preview, which may show a photo just chosen: `chosenPhoto`):
 * the photo in a round frame, or the initials when there is none; name, role, bio; and each of email,
 * phone and LinkedIn they have, as a link named after them.
 */
export function TeamMemberCard({ member, chosenPhoto }: { member: TeamMemberCardData; chosenPhoto?: string | null }) {
  const links = member.email || member.phone || member.linkedin;
  return (
    <article data-testid="team-member" className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <div className="flex items-center gap-4">
        {chosenPhoto ? (
          // A photo chosen in the Team screen and not yet uploaded: shown from the browser's own copy.
          <img src={chosenPhoto} alt="" className="h-16 w-16 shrink-0 rounded-full object-cover ring-4 ring-brand-100" />
        ) : member.photo ? (
          <SitePicture
            image={member.photo}
            alt=""
            sizes="64px"
            className="h-16 w-16 shrink-0 rounded-full object-cover ring-4 ring-brand-100"
          />
        ) : (
          <div
            aria-hidden="true"
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-full bg-brand-700 text-xl font-bold tracking-wide text-white ring-4 ring-brand-100"
          >
            {member.initials}
          </div>
        )}
        <div>
          <h3 className="text-xl font-bold text-brand-900">{member.name}</h3>
          <p className="mt-1 text-sm font-medium text-slate-600">{member.role}</p>
        </div>
      </div>
      <p className="mt-6 flex-1 leading-relaxed whitespace-pre-line text-slate-700">{member.bio}</p>
      {links && (
        <ul className="mt-6 space-y-1 border-t border-slate-200 pt-4">
          {member.email && (
            <li>
              <a href={`mailto:${member.email}`} aria-label={`Email ${member.name} at ${member.email}`} className={linkClass}>
                <Icon name="mail" className="h-4 w-4 shrink-0" />
                {member.email}
              </a>
            </li>
          )}
          {member.phone && (
            <li>
              <a href={phoneHref(member.phone)} aria-label={`Call ${member.name} at ${member.phone}`} className={linkClass}>
                <Icon name="phone" className="h-4 w-4 shrink-0" />
                {member.phone}
              </a>
            </li>
          )}
          {member.linkedin && (
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
          )}
        </ul>
      )}
    </article>
  );
}
