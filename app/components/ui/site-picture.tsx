import { type SiteImage, siteImageSrcSet, siteImageUrl } from "~/lib/site-images";

/**
 * A photograph uploaded in the back office (app/lib/site-images.ts): AVIF, else WebP, at each width it
 * was made in; width and height set from the upload so nothing shifts while it loads. Below the fold
 * unless `priority`, so it loads lazily.
 */
export function SitePicture({
  image,
  alt,
  sizes,
  className,
  priority = false,
}: {
  image: SiteImage;
  alt: string;
  sizes: string;
  className?: string;
  priority?: boolean;
}) {
  const widest = image.widths[image.widths.length - 1];
  return (
    <picture>
      <source type="image/avif" srcSet={siteImageSrcSet(image, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={siteImageSrcSet(image, "webp")} sizes={sizes} />
      <img
        src={siteImageUrl(image, widest, "webp")}
        width={image.width}
        height={image.height}
        alt={alt}
        className={className}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : undefined}
        decoding="async"
      />
    </picture>
  );
}
