import { describe, expect, it } from "vitest";
import { fillPlaceholders } from "./placeholders";
import { clockLabel, withPhone } from "./site-facts";
import { defaultProfile, defaultSite, e164Phone, siteFacts } from "./site-profile";

describe("the site's facts", () => {
  it("derive today's texts from the first-run defaults", () => {
    const a = defaultSite.agency;
    expect(a.name).toBe("Hill Country Commercial Insurance");
    expect(a.phone.primary).toEqual({ display: "(512) 555-0142", e164: "+15125550142" });
    expect(a.phone.secondary).toEqual({ display: "(512) 555-0187", e164: "+15125550187" });
    expect(a.address).toEqual({
      street: "100 Main Street, Suite 200",
      city: "Liberty Hill",
      region: "TX",
      regionName: "Texas",
      postalCode: "78642",
      country: "US",
    });
    expect(a.hours.open).toBe("Monday - Friday, 9:00 AM - 5:00 PM");
    expect(a.hours.availability).toBe("Available Monday-Friday, 9 AM - 5 PM CT");
    expect(a.hours.saturday).toBe("By appointment");
    expect(a.hours.sunday).toBe("Closed");
    expect(a.hours.zone).toBe("CT");
    expect(a.hours.zoneName).toBe("Central Time");
    expect(a.hours.rows).toEqual([
      { days: "Monday - Friday", label: "9:00 AM - 5:00 PM" },
      { days: "Saturday", label: "By appointment" },
      { days: "Sunday", label: "Closed" },
    ]);
    expect(defaultSite.licensedStateCount).toBe(17);
    expect(defaultSite.residentState).toBe("Texas");
    expect(defaultSite.promises).toEqual({
      quoteMinutes: 60,
      contactMinutes: 30,
      carriers: "50+",
      claimsSupport: "24/7",
      clients: "500+",
      satisfaction: "98%",
      yearsInBusiness: "15+",
    });
  });

  it("group weekdays with equal hours and name each closed weekend day", () => {
    const site = siteFacts({
      ...defaultProfile,
      hours: {
        ...defaultProfile.hours,
        friday: { opens: "08:00", closes: "12:30" },
        saturday: { opens: "10:00", closes: "14:00" },
      },
    });
    expect(site.agency.hours.rows).toEqual([
      { days: "Monday - Thursday", label: "9:00 AM - 5:00 PM" },
      { days: "Friday", label: "8:00 AM - 12:30 PM" },
      { days: "Saturday", label: "10:00 AM - 2:00 PM" },
      { days: "Sunday", label: "Closed" },
    ]);
    expect(site.agency.hours.open).toBe("Monday - Thursday, 9:00 AM - 5:00 PM; Friday, 8:00 AM - 12:30 PM; Saturday, 10:00 AM - 2:00 PM");
    expect(site.agency.hours.availability).toBe(
      "Available Monday-Thursday, 9 AM - 5 PM; Friday, 8 AM - 12:30 PM; Saturday, 10 AM - 2 PM CT",
    );
  });

  it("are computed once per profile object", () => {
    const profile = { ...defaultProfile };
    expect(siteFacts(profile)).toBe(siteFacts(profile));
  });

  it("dial a typed number as E.164, and refuse what is no phone number", () => {
    expect(e164Phone("(512) 555-0142")).toBe("+15125550142");
    expect(e164Phone("1-512-555-0142")).toBe("+15125550142");
    expect(e164Phone("+44 20 7946 0958")).toBe("+442079460958");
    for (const bad of ["555-0142", "(012) 555-0142", "call us", "+0 123", "512 555 0142 ext 4", ""]) expect(e164Phone(bad)).toBeNull();
  });

  it("print times on a 12-hour clock", () => {
    expect(clockLabel("00:30")).toBe("12:30 AM");
    expect(clockLabel("12:00")).toBe("12:00 PM");
    expect(clockLabel("17:05")).toBe("5:05 PM");
  });

  it("fill the placeholders of stored texts and leave other braces alone", () => {
    const site = siteFacts({ ...defaultProfile, name: "Lone Star Risk", contactMinutes: 15 });
    expect(fillPlaceholders("{agencyName} calls within {contactMinutes} minutes, {officeHours}. {unknown}", site)).toBe(
      "Lone Star Risk calls within 15 minutes, Monday - Friday, 9:00 AM - 5:00 PM. {unknown}",
    );
    expect(withPhone(site, "Please try again or call us.")).toBe("Please try again or call us at (512) 555-0142.");
  });
});
