import { Link } from "react-router";
import type { PostSummary } from "../mapping";
import { blogMessages } from "../messages";
import { CoverImage } from "./cover-image";

/** A post in the list; the whole card is the link (the title's link stretches over it). */
export function PostCard({ post }: { post: PostSummary }) {
  const headingId = `post-${post.id}`;
  return (
    <article
      aria-labelledby={headingId}
      data-testid="blog-card"
      className="group relative flex h-full flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200 transition-shadow hover:shadow-md"
    >
      <CoverImage
        url={post.imageUrl}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        className="aspect-video w-full bg-brand-900 object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        {post.tags.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label="Tags">
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800">
                {tag}
              </li>
            ))}
          </ul>
        )}
        <h2 id={headingId} className="mt-3 text-xl font-semibold text-brand-900">
          <Link to={post.path} prefetch="intent" className="after:absolute after:inset-0 after:content-[''] group-hover:underline">
            {post.title}
          </Link>
        </h2>
        <p className="mt-3 text-slate-700">{post.description}</p>
        <p className="mt-auto flex flex-wrap gap-x-2 pt-5 text-sm text-slate-600">
          <span>{post.author.name}</span>
          <span aria-hidden="true">·</span>
          <time dateTime={post.day}>{post.dateLabel}</time>
          <span aria-hidden="true">·</span>
          <span>{blogMessages.minRead(post.readingTime)}</span>
        </p>
      </div>
    </article>
  );
}
