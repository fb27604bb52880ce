/**
 * Public pages whose HTML depends only on the site's own content. They are rendered once at
 * build time and served as precompressed files.
 */
export const prerenderPaths: string[] = ["/"];
