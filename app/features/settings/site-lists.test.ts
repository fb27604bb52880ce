/**
 * The team, testimonials and FAQ as stored: the first-run defaults print exactly the copy the site
 * had before they were stored (tests/fixtures/people-copy.json, taken from the code's content files),
 * their placeholders follow the settings, the forms' rules refuse what a page could not show, and the
 * content's version ignores the rows' ids (a database seeded with the defaults has the build's version).
 */
import { describe, expect, it } from "vitest";
import { defaultProfile, defaultSite, siteFacts } from "~/content/site-profile";
import { teamIntro } from "~/content/team";
import copy from "../../../tests/fixtures/people-copy.json";
import { featuredTestimonial, homeFaqs, homeReviews, teamMembers, testimonials } from "../../../tests/support/content";
import { contentVersion, defaultSnapshot, snapshotOf } from "./site.server";
import { defaultLists, faqView, placeholderList, teamMemberView, testimonialsIn, unknownPlaceholders } from "./site-lists";
import { siteListMessages } from "./site-lists-messages";
import { faqSchema, isLinkedInUrl, teamMemberFormSchema, teamMemberSchema, testimonialSchema } from "./site-lists-schema";

const errorsOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));

describe("the first-run lists", () => {
  it("print today's copy with the first-run profile, on the pages and in the content modules' exports", () => {
    const team = defaultLists.team.map((m) => teamMemberView(m, defaultSite));
    expect(team.every((m) => m.photo === null)).toBe(true);
    expect(team.map(({ id: _, photo: __, ...m }) => m)).toEqual(copy.teamMembers);
    expect(teamMembers).toEqual(copy.teamMembers);
    expect(teamIntro(defaultSite)).toEqual(copy.teamIntro);

    const strip = <T extends { id: string }>({ id: _, ...rest }: T) => rest;
    expect(testimonialsIn(defaultLists, "testimonials", defaultSite).map(strip)).toEqual(copy.testimonials);
    expect(testimonials).toEqual(copy.testimonials);
    const [featured] = testimonialsIn(defaultLists, "featured", defaultSite);
    expect({ quote: featured.message, name: featured.name, role: featured.role, company: featured.company }).toEqual(
      copy.featuredTestimonial,
    );
    expect(featuredTestimonial).toEqual(copy.featuredTestimonial);
    expect(testimonialsIn(defaultLists, "home", defaultSite).map(strip)).toEqual(copy.homeReviews);
    expect(homeReviews).toEqual(copy.homeReviews);

    expect(defaultLists.faqs.map((f) => strip(faqView(f, defaultSite)))).toEqual(copy.homeFaqs);
    expect(homeFaqs).toEqual(copy.homeFaqs);
  });

  it("are stored with placeholders where they state the agency's facts, which follow its settings", () => {
    expect(defaultLists.team[0].bio).toContain("{agencyName} in {foundedYear}");
    expect(defaultLists.faqs[0].answer).toContain("({officeHours})");
    const site = siteFacts({
      ...defaultProfile,
      name: "Lone Star Risk Partners",
      foundedYear: 2004,
      licensedStates: ["Oklahoma", "Texas"],
      residentState: "Oklahoma",
      hours: { ...defaultProfile.hours, friday: { opens: "09:00", closes: "12:00" } },
    });
    expect(teamMemberView(defaultLists.team[0], site).bio).toMatch(/^Daniel founded Lone Star Risk Partners in 2004 .* across 2 states,/);
    expect(teamMemberView(defaultLists.team[2], site).bio).toContain("She is a licensed Oklahoma general lines agent.");
    const faqs = defaultLists.faqs.map((f) => faqView(f, site));
    expect(faqs[0].answer).toContain("during office hours (Monday - Thursday, 9:00 AM - 5:00 PM; Friday, 9:00 AM - 12:00 PM).");
    expect(faqs[6].question).toBe("Is workers' compensation required in Oklahoma?");
    expect(placeholderList(site).find((p) => p.token === "{agencyName}")).toEqual({
      token: "{agencyName}",
      describe: "the agency's name",
      value: "Lone Star Risk Partners",
    });
  });

  it("pass their own rules", () => {
    for (const m of defaultLists.team) expect(teamMemberSchema.safeParse(m).success, m.name).toBe(true);
    for (const t of defaultLists.testimonials) expect(testimonialSchema.safeParse(t).success, t.name).toBe(true);
    for (const f of defaultLists.faqs) expect(faqSchema.safeParse(f).success, f.question).toBe(true);
  });
});

describe("the content's version", () => {
  it("depends on what pages show, not on the rows' ids", () => {
    const renamed = {
      profile: defaultProfile,
      team: defaultLists.team.map((m, i) => ({ ...m, id: `row-${i}` })),
      testimonials: defaultLists.testimonials.map((t, i) => ({ ...t, id: `row-${i}` })),
      faqs: defaultLists.faqs.map((f, i) => ({ ...f, id: `row-${i}` })),
    };
    expect(contentVersion(renamed)).toBe(defaultSnapshot.version);
    const reordered = { ...renamed, faqs: [renamed.faqs[1], renamed.faqs[0], ...renamed.faqs.slice(2)] };
    expect(contentVersion(reordered)).not.toBe(defaultSnapshot.version);
    const edited = { ...renamed, team: [{ ...renamed.team[0], role: "Founder" }, ...renamed.team.slice(1)] };
    expect(snapshotOf(edited).version).not.toBe(defaultSnapshot.version);
    expect(snapshotOf(edited).team[0].role).toBe("Founder");
  });
});

describe("the forms' rules", () => {
  const tm = siteListMessages.team.fields;
  const valid = {
    name: "  Priya Natarajan ",
    role: "Account Manager",
    bio: "Priya joined {agencyName}\r\nin 2019.",
    email: "Priya@Agency.EXAMPLE",
    phone: "(512) 555-0199",
    linkedin: "https://www.linkedin.com/in/priya",
  };

  it("take a member, trimmed, the email's domain lower-cased, line breaks as LF; email, phone and LinkedIn may be empty", () => {
    expect(teamMemberSchema.parse(valid)).toEqual({
      ...valid,
      name: "Priya Natarajan",
      bio: "Priya joined {agencyName}\nin 2019.",
      email: "Priya@agency.example",
    });
    expect(teamMemberSchema.parse({ ...valid, email: "", phone: " ", linkedin: "" })).toMatchObject({ email: "", phone: "", linkedin: "" });
  });

  it("name the field that is wrong", () => {
    const result = teamMemberSchema.safeParse({
      name: "P",
      role: "A\nB",
      bio: "short",
      email: "not an address",
      phone: "12",
      linkedin: "https://example.com/in/priya",
    });
    expect(errorsOf(result)).toEqual({
      name: tm.name,
      role: tm.role,
      bio: tm.bio,
      email: tm.email,
      phone: tm.phone,
      linkedin: tm.linkedin,
    });
    expect(errorsOf(teamMemberSchema.safeParse({ ...valid, name: ["x"], bio: { a: 1 } }))).toMatchObject({ name: tm.name, bio: tm.bio });
  });

  it("refuse a word in braces that is not a placeholder, naming it", () => {
    expect(unknownPlaceholders("At {agencyName}, {agencyname} and {phone} or {city } {x}")).toEqual(["agencyname", "x"]);
    expect(errorsOf(teamMemberSchema.safeParse({ ...valid, bio: "We are {agencyname}, since {foundedYear}." }))).toEqual({
      bio: siteListMessages.placeholders.unknown(["agencyname"]),
    });
    expect(errorsOf(faqSchema.safeParse({ question: "Open on {weekday}?", answer: "Yes, during {officeHours} and {holidays}." }))).toEqual({
      question: siteListMessages.placeholders.unknown(["weekday"]),
      answer: siteListMessages.placeholders.unknown(["holidays"]),
    });
  });

  it("take a LinkedIn address only on linkedin.com over https", () => {
    expect(isLinkedInUrl("https://www.linkedin.com/in/priya")).toBe(true);
    expect(isLinkedInUrl("https://linkedin.com/company/agency")).toBe(true);
    expect(isLinkedInUrl("http://www.linkedin.com/in/priya")).toBe(false);
    expect(isLinkedInUrl("https://linkedin.com.evil.example/in/priya")).toBe(false);
    expect(isLinkedInUrl("javascript:alert(1)//linkedin.com")).toBe(false);
  });

  it("check a chosen photo in the browser: an image type of at most 5 MB", () => {
    const photo = (size: number, type: string) => new File([new Uint8Array(size)], "me.jpg", { type });
    expect(teamMemberFormSchema.safeParse({ ...valid, photo: photo(1000, "image/jpeg") }).success).toBe(true);
    expect(teamMemberFormSchema.safeParse({ ...valid, photo: photo(0, "") }).success).toBe(true);
    expect(errorsOf(teamMemberFormSchema.safeParse({ ...valid, photo: photo(5 * 1024 * 1024 + 1, "image/jpeg") }))).toEqual({
      photo: tm.photo,
    });
    expect(errorsOf(teamMemberFormSchema.safeParse({ ...valid, photo: photo(10, "application/pdf") }))).toEqual({ photo: tm.photo });
    expect(teamMemberFormSchema.parse({ ...valid, removePhoto: "on" }).removePhoto).toBe(true);
  });

  it("take a testimonial's stars from 1 to 5 and one of the three places", () => {
    const ts = siteListMessages.testimonials.fields;
    const t = {
      name: "Ana Ruiz",
      role: "",
      business: "",
      place: "",
      quote: "They were great with our claim.",
      rating: "4",
      placement: "home",
    };
    expect(testimonialSchema.parse(t)).toMatchObject({ rating: 4, placement: "home", role: "" });
    expect(errorsOf(testimonialSchema.safeParse({ ...t, rating: "6", placement: "footer" }))).toEqual({
      rating: ts.rating,
      placement: ts.placement,
    });
    expect(errorsOf(testimonialSchema.safeParse({ ...t, rating: "4.5" }))).toEqual({ rating: ts.rating });
  });
});
