/** Links of the top bar, the mobile menu and the footer (spec 001, "Site layout"). */

export type NavLink = { to: string; label: string };

export const mainNav: NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About" },
  { to: "/services", label: "Services" },
  { to: "/blog", label: "Blog" },
  { to: "/testimonials", label: "Testimonials" },
  { to: "/contact", label: "Contact" },
];

export const quoteCta: NavLink = { to: "/quote", label: "Get Instant Quote" };

export const footerQuickLinks: NavLink[] = [
  { to: "/", label: "Home" },
  { to: "/about", label: "About Us" },
  { to: "/services", label: "Services" },
  { to: "/testimonials", label: "Testimonials" },
  { to: "/contact", label: "Contact" },
  { to: "/careers", label: "Careers" },
  { to: "/privacy-policy", label: "Privacy Policy" },
  { to: "/terms-and-conditions", label: "Terms & Conditions" },
  { to: "/sms-consent", label: "SMS Consent" },
];

export const footerServiceLinks: NavLink[] = [
  { to: "/contractors-insurance", label: "Contractors Insurance" },
  { to: "/general-liability-insurance", label: "General Liability" },
  { to: "/trucking-insurance", label: "Commercial Trucking" },
  { to: "/commercial-property-insurance", label: "Commercial Property" },
  { to: "/hoa-insurance", label: "HOA Insurance" },
  { to: "/investment-property-insurance", label: "Investment Property" },
];
