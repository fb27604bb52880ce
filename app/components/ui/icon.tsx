import type { IconName as ContentIconName } from "~/content/home";

/** Every icon the site draws: the content's names plus a few for the interface. */
export type IconName = ContentIconName | "arrow-right" | "check" | "x" | "quote" | "circle-check" | "mail" | "alert" | "chevron-down";

/**
 * A decorative icon; the text next to it carries the meaning. It references a symbol of the sprite
 * that the server renders once into every page (icon-sprite.tsx), so icons cost no JavaScript.
 */
export function Icon({ name, className = "h-6 w-6" }: { name: IconName; className?: string }) {
  return (
    <svg className={`icon ${className}`} viewBox="0 0 24 24" aria-hidden="true">
      <use href={`#icon-${name}`} />
    </svg>
  );
}
