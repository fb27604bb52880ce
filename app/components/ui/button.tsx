import { Icon } from "~/components/ui/icon";
import { telHref } from "~/content/site-facts";
import { useSite } from "~/lib/site";

export type ButtonVariant = "primary" | "accent" | "outline" | "light" | "outline-light";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand-700 text-white hover:bg-brand-800",
  accent: "bg-accent-400 text-brand-900 hover:bg-accent-500",
  outline: "border-2 border-brand-700 text-brand-700 hover:bg-brand-50",
  light: "bg-white text-brand-800 hover:bg-brand-50",
  "outline-light": "border-2 border-white text-white hover:bg-white/10",
};

/** Classes for a link or button that looks like a button. */
export function buttonClass(variant: ButtonVariant = "primary", extra = ""): string {
  return `inline-flex items-center justify-center gap-2 rounded-md px-5 py-3 text-base font-semibold shadow-sm transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]} ${extra}`;
}

/** Tap-to-call link to the agency's primary number (or the one given). */
export function CallButton({
  variant = "light",
  label,
  phone: given,
  className = "",
}: {
  variant?: ButtonVariant;
  label?: string;
  phone?: { display: string; e164: string };
  className?: string;
}) {
  const site = useSite();
  const phone = given ?? site.agency.phone.primary;
  return (
    <a href={telHref(phone.e164)} className={buttonClass(variant, className)}>
      <Icon name="phone" className="h-5 w-5" />
      {label ?? `Call ${phone.display}`}
    </a>
  );
}
