import { Link } from "react-router";
import type { Inline } from "~/content/sms-consent";

/** Inline rich text from the content modules: site paths become router links, others plain links. */
export function InlineText({
  parts,
  linkClassName = "font-medium text-brand-700 underline hover:text-brand-800",
}: {
  parts: Inline[];
  linkClassName?: string;
}) {
  return (
    <>
      {parts.map((part, i) =>
        typeof part === "string" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: static copy from the content modules, never reordered
          <span key={i}>{part}</span>
        ) : part.href.startsWith("/") ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: static copy from the content modules, never reordered
          <Link key={i} to={part.href} className={linkClassName}>
            {part.text}
          </Link>
        ) : (
          <a
            // biome-ignore lint/suspicious/noArrayIndexKey: static copy from the content modules, never reordered
            key={i}
            href={part.href}
            className={linkClassName}
            {...(part.href.startsWith("http") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {part.text}
          </a>
        ),
      )}
    </>
  );
}
