import { data, Link } from "react-router";
import { CtaBanner } from "~/components/ui/cta-banner";
import { Icon } from "~/components/ui/icon";
import type { SiteFacts } from "~/content/site-facts";
import { ArticleBody } from "~/features/blog/components/article-body";
import { AuthorLine } from "~/features/blog/components/author-line";
import { CoverImage } from "~/features/blog/components/cover-image";
import { ShareButtons } from "~/features/blog/components/share-buttons";
import { DEFAULT_POST_IMAGE, type PostPage, RSS_PATH } from "~/features/blog/mapping";
import { blogMessages as m } from "~/features/blog/messages";
import { findPost } from "~/features/blog/public.server";
import { absoluteUrl, DEFAULT_SHARE_IMAGE, pageTitle, type ShareImage, seo, siteUrlFrom } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/blog-post";

/**
 * /blog/{slug} and /blog/{id}, rendered per request. A built-in post found by slug wins; a draft is
 * shown only to a signed-in admin, and then never stored by a cache. Missing (or the database
 * unreachable): "Post not found", with 404 (or 503, so search engines retry).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  let post: PostPage | null;
  try {
    post = await findPost(context, request, params.slug, context.site.facts);
  } catch (error) {
    context.logger.error({ err: error, slug: params.slug }, "blog post: lookup failed");
    return data({ post: null, shareUrl: null, share: null }, { status: 503, headers: { "Retry-After": "60" } });
  }
  if (!post) return data({ post: null, shareUrl: null, share: null }, { status: 404 });
  const siteUrl = context.config.SITE_URL;
  // Built here rather than in meta(), so this code stays out of the browser's JavaScript.
  const share = shareImage(post.imageUrl, post.title);
  const imageUrl = share.image.path.startsWith("http") ? share.image.path : `${siteUrl}${share.image.path}`;
  const article = articleJsonLd(post, siteUrl, imageUrl, context.site.facts);
  return data(
    { post, shareUrl: absoluteUrl(siteUrl, post.path), share: { ...share, article } },
    post.draft ? { headers: { "Cache-Control": "private, no-store" } } : undefined,
  );
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const out = new Headers();
  for (const name of ["Cache-Control", "Retry-After"]) {
    const value = loaderHeaders.get(name);
    if (value) out.set(name, value);
  }
  return out;
}

/** og:image must be a raster image: the illustrations (SVG) share the agency's card instead. */
function shareImage(imageUrl: string, alt: string): { image: ShareImage; knownSize: boolean } {
  if (imageUrl === DEFAULT_POST_IMAGE || /\.svg(\?|#|$)/i.test(imageUrl))
    return { image: { ...DEFAULT_SHARE_IMAGE, alt }, knownSize: true };
  return { image: { path: imageUrl, width: 0, height: 0, alt }, knownSize: false };
}

function articleJsonLd(post: PostPage, siteUrl: string, imageUrl: string, { agency }: SiteFacts) {
  const url = absoluteUrl(siteUrl, post.path);
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: post.title,
    description: post.metaDescription,
    image: [imageUrl],
    datePublished: post.publishDate,
    dateModified: post.updated ?? post.publishDate,
    author: { "@type": "Person", name: post.author.name, jobTitle: post.author.role },
    publisher: {
      "@type": "Organization",
      "@id": `${siteUrl}/#agency`,
      name: agency.name,
      logo: { "@type": "ImageObject", url: `${siteUrl}/favicon.svg` },
    },
    mainEntityOfPage: { "@type": "WebPage", "@id": url },
    keywords: post.tags.join(", "),
    wordCount: post.wordCount,
    inLanguage: "en-US",
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const post = loaderData?.post;
  const share = loaderData?.share;
  const site = siteFromMatches(matches);
  if (!post || !share) return [{ title: pageTitle(m.adminNotFound, site) }, { name: "robots", content: "noindex" }];
  const siteUrl = siteUrlFrom(matches);
  const { image, knownSize, article } = share;
  const tags = seo(matches, {
    title: post.title,
    description: post.metaDescription,
    path: post.path,
    type: "article",
    image,
    breadcrumb: [
      { name: "Blog", path: "/blog" },
      { name: post.title, path: post.path },
    ],
    jsonLd: [article],
    noindex: post.draft,
  }).filter((tag) => knownSize || !("property" in tag && (tag.property === "og:image:width" || tag.property === "og:image:height")));
  return [
    ...tags,
    { property: "article:published_time", content: post.publishDate },
    ...(post.updated ? [{ property: "article:modified_time", content: post.updated }] : []),
    { property: "article:author", content: post.author.name },
    ...post.tags.map((tag) => ({ property: "article:tag", content: tag })),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: `${site.agency.name} Blog`,
      href: absoluteUrl(siteUrl, RSS_PATH),
    },
  ];
}

function BackLink({ label }: { label: string }) {
  return (
    <Link to="/blog" className="inline-flex items-center gap-2 font-semibold text-brand-700 hover:underline">
      <Icon name="arrow-right" className="h-4 w-4 rotate-180" />
      {label}
    </Link>
  );
}

function NotFound() {
  return (
    <section className="mx-auto max-w-3xl px-4 py-24 text-center sm:px-6" data-testid="post-not-found">
      <p className="text-sm font-semibold tracking-wide text-accent-600 uppercase">404</p>
      <h1 className="mt-2 text-3xl font-bold text-brand-900 sm:text-4xl">{m.notFound}</h1>
      <p className="mt-4 text-lg text-slate-600">
        {m.adminNotFound}. {m.notFoundHint}
      </p>
      <p className="mt-8">
        <Link to="/blog" className="inline-flex rounded-md bg-brand-700 px-5 py-3 font-semibold text-white hover:bg-brand-800">
          {m.returnToBlog}
        </Link>
      </p>
    </section>
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, shareUrl } = loaderData;
  const { agency, promises } = useSite();
  if (!post || !shareUrl) return <NotFound />;
  return (
    <>
      <article className="bg-white" aria-labelledby="post-title">
        <div className="mx-auto max-w-3xl px-4 pt-10 sm:px-6">
          <BackLink label={m.backToBlog} />
          {post.draft && (
            <p
              role="note"
              className="mt-6 rounded-md border border-accent-500 bg-amber-50 px-4 py-3 font-medium text-amber-900"
              data-testid="draft-notice"
            >
              {m.draftNotice}
            </p>
          )}
          <header className="mt-8">
            {post.tags.length > 0 && (
              <ul className="flex flex-wrap gap-2" aria-label="Tags" data-testid="post-tags">
                {post.tags.map((tag) => (
                  <li key={tag}>
                    <Link
                      to={`/blog?tag=${encodeURIComponent(tag)}`}
                      className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-100"
                    >
                      {tag}
                    </Link>
                  </li>
                ))}
              </ul>
            )}
            <h1 id="post-title" className="mt-4 text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">
              {post.title}
            </h1>
            <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-y border-slate-200 py-4">
              <AuthorLine author={post.author} />
              <p className="flex flex-wrap gap-x-2 text-sm text-slate-600">
                <time dateTime={post.day} data-testid="post-date">
                  {post.dateLabel}
                </time>
                <span aria-hidden="true">·</span>
                <span data-testid="post-reading-time">{m.minRead(post.readingTime)}</span>
              </p>
            </div>
            <div className="mt-4">
              <ShareButtons url={shareUrl} title={post.title} />
            </div>
          </header>
        </div>
        <div className="mx-auto mt-8 max-w-4xl px-4 sm:px-6">
          <CoverImage
            url={post.imageUrl}
            sizes="(min-width: 896px) 848px, 100vw"
            priority
            className="aspect-video w-full rounded-xl bg-brand-900 object-cover"
          />
        </div>
        <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6">
          <ArticleBody html={post.content} />
          <p className="mt-12 border-t border-slate-200 pt-6">
            <BackLink label={m.backToBlog} />
          </p>
        </div>
      </article>
      <CtaBanner
        title="Talk to an agent about your coverage"
        text={`${agency.name} compares ${promises.carriers} carriers for businesses in Texas and the other states where we are licensed.`}
        link={{ to: "/contact", label: "Contact Us" }}
      />
    </>
  );
}
