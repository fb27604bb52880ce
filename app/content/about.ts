/**
 * About page copy: mission, reasons to choose the agency, values and the introduction
 * to the licensed-states grid. Figures and contact details come from the stored profile's facts.
 */

import type { IconName } from "./home";
import { perSite } from "./site-facts";

export type AboutCopy = {
  mission: { title: string; paragraphs: string[] };
  whyChooseUs: string[];
  values: { title: "Integrity" | "Excellence" | "Security"; description: string; icon: IconName }[];
  statesIntro: string;
};

export const aboutCopy = perSite((site): AboutCopy => {
  const { agency, licensedStateCount, promises, residentState } = site;
  const aboutMission: AboutCopy["mission"] = {
    title: "Our mission",
    paragraphs: [
      `${agency.name} is an independent commercial insurance agency based in ${agency.address.city}, ${agency.address.regionName}. For ${promises.yearsInBusiness} years we have insured the trucking companies, contractors, property owners and homeowners associations that keep Central Texas running, and today we serve ${promises.clients} clients across ${licensedStateCount} states.`,
      `Our job is to make sure your policy pays when something goes wrong. That means reading your contracts and leases before we quote, comparing coverage forms across ${promises.carriers} carriers rather than just price, and explaining exclusions, limits and endorsements in plain English before you sign.`,
      `We stay on the account after the policy is issued: same-day certificates, mid-term changes when you add a truck, a job or a building, and an advocate on your side of the table when you file a claim.`,
    ],
  };

  const aboutWhyChooseUs: string[] = [
    `Independent agency with access to ${promises.carriers} carriers, including specialty markets for trucking and hard-to-place risks`,
    `Quotes in about ${promises.quoteMinutes} minutes for most small and mid-size businesses`,
    "Contract and lease review so additional insured, waiver of subrogation and limit requirements are met before the certificate goes out",
    `${promises.claimsSupport} claims reporting, with an advocate who works with the adjuster until your claim closes`,
    `Licensed in ${licensedStateCount} states, so operations that cross state lines stay with one agency`,
    `${promises.satisfaction} client satisfaction across ${promises.clients} commercial clients`,
  ];

  const aboutValues: AboutCopy["values"] = [
    {
      title: "Integrity",
      description:
        "We recommend the coverage your business actually needs, tell you plainly what a policy excludes, and disclose when a cheaper quote leaves a gap.",
      icon: "scale",
    },
    {
      title: "Excellence",
      description:
        "We know the forms, endorsements and filings behind commercial coverage, and we check the details, from coinsurance clauses to MCS-90 wording, before they become claim problems.",
      icon: "badge",
    },
    {
      title: "Security",
      description:
        "Your coverage is placed with financially sound carriers, and your business, loss and driver information is handled with care and shared only with the markets quoting your account.",
      icon: "lock",
    },
  ];

  const aboutStatesIntro = `${agency.name} holds its resident license in ${residentState} and is licensed to write commercial insurance in ${licensedStateCount} states in total, shown below.`;
  return { mission: aboutMission, whyChooseUs: aboutWhyChooseUs, values: aboutValues, statesIntro: aboutStatesIntro };
});
