import { MEDIA_FORMATS, mediaFallbackWidth, mediaSrcSet, mediaUrl, parseMediaUrl } from "../media";

/**
 * A post's cover image, shown 16:9 and cropped to fit (its width and height attributes say so, so
 * nothing shifts while it loads). An image uploaded for posts (/media/...) is offered in AVIF, then
 * WebP, at every width it was kept at, for the browser to pick by `sizes`; an address elsewhere is
 * shown as it is.
 */
export function CoverImage({
  url,
  sizes,
  className,
  priority = false,
}: {
  url: string;
  sizes: string;
  className: string;
  priority?: boolean;
}) {
  const loading = priority ? { fetchPriority: "high" as const } : { loading: "lazy" as const };
  const media = parseMediaUrl(url);
  if (!media) return <img src={url} alt="" width={1600} height={900} decoding="async" className={className} {...loading} />;
  return (
    <picture>
      {MEDIA_FORMATS.map((format) => (
        <source key={format} type={`image/${format}`} srcSet={mediaSrcSet(media, format)} sizes={sizes} />
      ))}
      <img
        src={mediaUrl(media.hash, mediaFallbackWidth(media.widths), "webp")}
        srcSet={mediaSrcSet(media, "webp")}
        sizes={sizes}
        alt=""
        width={1600}
        height={900}
        decoding="async"
        className={className}
        {...loading}
      />
    </picture>
  );
}
