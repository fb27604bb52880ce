import { useSite } from "~/lib/site";

/**
 * The agency's logo as uploaded in Settings (named by its alt text, at a fixed height), else the
 * built-in mark: a shield with a star, and the agency's short name.
 */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  const { agency } = useSite();
  if (agency.logo) {
    return <img src={agency.logo} alt={agency.name} height={32} className="h-8 w-auto max-w-48 object-contain" decoding="async" />;
  }
  return (
    <span className="flex items-center gap-2">
      <svg viewBox="0 0 32 36" width="28" height="32" aria-hidden="true" focusable="false">
        <path d="M16 1 2 6v11c0 9 6 15.5 14 18 8-2.5 14-9 14-18V6L16 1Z" fill={inverted ? "#fff" : "#173f72"} />
        <path d="m16 9 2.4 5 5.4.6-4 3.7 1.1 5.3L16 21l-4.9 2.6 1.1-5.3-4-3.7 5.4-.6L16 9Z" fill="#e89b0c" />
      </svg>
      <span className={`text-lg font-bold leading-tight ${inverted ? "text-white" : "text-brand-800"}`}>{agency.shortName}</span>
    </span>
  );
}
