import { useLocation, useSearchParams } from "react-router";
import { CtaBanner } from "~/components/ui/cta-banner";
import { PageHero } from "~/components/ui/page-hero";
import type { SiteFacts } from "~/content/site-facts";
import { BlogBrowser, browserProps } from "~/features/blog/components/blog-browser";
import { type PostSummary, RSS_PATH, uniqueTags } from "~/features/blog/mapping";
import { blogMessages } from "~/features/blog/messages";
import { publicBlogList } from "~/features/blog/public.server";
import { absoluteUrl, seo, siteUrlFrom } from "~/lib/seo";
import { siteFromMatches, useSite } from "~/lib/site";
import type { Route } from "./+types/blog";

/**
 * Rendered per request (it lists the database's published posts), never prerendered. The cards carry
 * no article bodies, so the page's data stays small. An address with a search or a tag filter differs
 * from /blog only in its BlogBrowser, which the server renders alone for it when /blog is stored
 * (features/blog/browser-part.server.tsx).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const posts = await publicBlogList(context);
  return { posts, tags: uniqueTags(posts), jsonLd: blogJsonLd(posts, context.config.SITE_URL, context.site.facts) };
}

/** schema.org Blog with its posts; built by the loader so the code stays out of the browser. */
function blogJsonLd(posts: PostSummary[], siteUrl: string, { agency }: SiteFacts) {
  return {
    "@context": "https://schema.org",
    "@type": "Blog",
    name: `${agency.name} Blog`,
    url: absoluteUrl(siteUrl, "/blog"),
    publisher: { "@id": `${siteUrl}/#agency` },
    blogPost: posts.map((post) => ({
      "@type": "BlogPosting",
      headline: post.title,
      url: absoluteUrl(siteUrl, post.path),
      datePublished: post.publishDate,
      author: { "@type": "Person", name: post.author.name },
    })),
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const siteUrl = siteUrlFrom(matches);
  const { agency } = siteFromMatches(matches);
  const title = "Commercial Insurance Blog";
  return [
    ...seo(matches, {
      title,
      description: `Guides to commercial insurance from ${agency.name}: contractors, trucking, commercial property, cyber and risk management, in plain language for business owners.`,
      path: "/blog",
      breadcrumb: [{ name: "Blog", path: "/blog" }],
      jsonLd: loaderData ? [loaderData.jsonLd] : [],
    }),
    { tagName: "link", rel: "alternate", type: "application/rss+xml", title: `${agency.name} Blog`, href: absoluteUrl(siteUrl, RSS_PATH) },
  ];
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, tags } = loaderData;
  const { promises } = useSite();
  const [params] = useSearchParams();
  const { search } = useLocation();
  return (
    <>
      <PageHero eyebrow={blogMessages.listEyebrow} title={blogMessages.listTitle} subtitle={blogMessages.listIntro} />
      <section aria-label="Articles" className="bg-slate-50 py-12 sm:py-16">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          {/* A new address (?q=, ?tag=) starts from its own filter. */}
          <BlogBrowser key={search} {...browserProps(posts, tags, params)} />
        </div>
      </section>
      <CtaBanner
        title="Have a question about your coverage?"
        text={`Our licensed agents compare ${promises.carriers} carriers and call back within ${promises.contactMinutes} minutes during office hours.`}
        link={{ to: "/contact", label: "Contact Us" }}
      />
    </>
  );
}
