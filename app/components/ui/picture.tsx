import images from "~/generated/images.json";

export type PictureEntry = { width: number; height: number; hash: string; widths: number[] };

const manifest = images as Record<string, PictureEntry>;

function srcSet(name: string, entry: PictureEntry, format: string) {
  return entry.widths.map((w) => `/assets/img/${name}.${entry.hash}-${w}.${format} ${w}w`).join(", ");
}

/**
 * A photograph from app/assets/photos, served as AVIF or WebP with a JPEG fallback at every generated width.
 * Width and height are set from the source so nothing shifts while it loads.
 */
export function PictureFromEntry({
  name,
  entry,
  alt,
  sizes = "100vw",
  className,
  priority = false,
}: {
  name: string;
  entry: PictureEntry;
  alt: string;
  sizes?: string;
  className?: string;
  priority?: boolean;
}) {
  const fallbackWidth = entry.widths.find((w) => w >= 1024) ?? entry.widths[entry.widths.length - 1];
  return (
    <picture>
      <source type="image/avif" srcSet={srcSet(name, entry, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(name, entry, "webp")} sizes={sizes} />
      <img
        src={`/assets/img/${name}.${entry.hash}-${fallbackWidth}.jpg`}
        srcSet={srcSet(name, entry, "jpg")}
        sizes={sizes}
        width={entry.width}
        height={entry.height}
        alt={alt}
        className={className}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
      />
    </picture>
  );
}

/** A photograph by file name (without extension); renders nothing when it is not there. */
export function Picture(props: { name: string; alt: string; sizes?: string; className?: string; priority?: boolean }) {
  const entry = manifest[props.name];
  return entry ? <PictureFromEntry {...props} entry={entry} /> : null;
}
