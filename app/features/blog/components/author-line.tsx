import type { BlogAuthor } from "~/content/blog-posts";

function initials(name: string) {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join("");
}

/** The author's picture (or initials), name and role. */
export function AuthorLine({ author }: { author: BlogAuthor }) {
  return (
    <div className="flex items-center gap-3" data-testid="post-author">
      {author.avatar ? (
        <img src={author.avatar} alt="" width={48} height={48} className="h-12 w-12 rounded-full object-cover" />
      ) : (
        <span aria-hidden="true" className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-700 font-semibold text-white">
          {initials(author.name)}
        </span>
      )}
      <div>
        <p className="font-semibold text-brand-900">{author.name}</p>
        <p className="text-sm text-slate-600">{author.role}</p>
      </div>
    </div>
  );
}
