/**
 * The article's rich text. Stored posts are sanitised when they are written (the admin's API);
 * the built-in ones are our own. The leading h1 was removed by the loader.
 */
export function ArticleBody({ html }: { html: string }) {
  return (
    <div
      data-testid="article-body"
      className="text-lg leading-8 text-slate-700 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:mt-6 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-100 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h1]:mt-12 [&_h1]:text-3xl [&_h1]:font-bold [&_h1]:text-brand-900 [&_h2]:mt-12 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:text-brand-900 [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold [&_h3]:text-brand-900 [&_img]:my-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:mt-2 [&_li]:pl-1 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:mt-5 [&_strong]:font-semibold [&_strong]:text-slate-900 [&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&>:first-child]:mt-0"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: stored posts are sanitised on every write (sanitize.server.ts) and the built-in ones are our own
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
