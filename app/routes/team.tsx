import { TeamMemberCard } from "~/components/pages/team-member-card";
import { CtaBanner } from "~/components/ui/cta-banner";
import { PageHero } from "~/components/ui/page-hero";
import { Section } from "~/components/ui/section";
import { closingCopy } from "~/content/closing";
import { teamIntro } from "~/content/team";
import { defaultSnapshot } from "~/features/settings/site.server";
import { teamMemberView } from "~/features/settings/site-lists";
import { seo } from "~/lib/seo";
import { useSite } from "~/lib/site";
import type { Route } from "./+types/team";

/**
 * The stored team, each bio with the request's facts filled in (the first-run team at build time,
 * which has no request). The description names the agency as its stored profile does.
 */
export function loader({ context }: Route.LoaderArgs) {
  const snapshot = context?.site ?? defaultSnapshot;
  const site = snapshot.facts;
  return {
    members: snapshot.team.map((m) => teamMemberView(m, site)),
    description: `Meet the licensed agents at ${site.agency.name} in ${site.agency.address.city}, ${site.agency.address.region}, who place and service your trucking, contractor and property coverage.`,
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo(matches, {
    title: "Our Team",
    description: loaderData?.description ?? "",
    path: "/team",
    breadcrumb: [{ name: "Our Team", path: "/team" }],
  });
}

export default function Team({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const intro = teamIntro(site);
  return (
    <>
      <PageHero eyebrow={`The people of ${site.agency.name}`} title={intro.title} subtitle={intro.subtitle} />

      <Section id="members" title="Our licensed agents and account managers">
        <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
          {loaderData.members.map((member) => (
            <li key={member.id}>
              <TeamMemberCard member={member} />
            </li>
          ))}
        </ul>
      </Section>

      <CtaBanner title={closingCopy(site).title} text={closingCopy(site).text} link={{ to: "/contact", label: "Contact Us" }} />
    </>
  );
}
