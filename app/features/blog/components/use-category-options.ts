import { useEffect, useState } from "react";
import { fallbackBlogCategories } from "~/content/options";
import { adminApi } from "~/features/admin/api";
import { notifyError } from "~/lib/notify";
import { blogAdminMessages } from "../admin-messages";
import type { CategoryRecord } from "../schema";

/**
 * The category names a post can be filed under: the fetched categories, or the fallback list when
 * none come back (spec 001 section 3). `announceFallback` shows the post forms' toast when the
 * call fails (spec 001 section 8).
 */
export function useCategoryOptions({ announceFallback }: { announceFallback: boolean }) {
  const [state, setState] = useState<{ loading: boolean; names: readonly string[] }>({ loading: true, names: [] });
  useEffect(() => {
    const controller = new AbortController();
    adminApi<CategoryRecord[]>("/api/categories", { signal: controller.signal }).then(
      (list) => {
        const names = Array.isArray(list) ? list.map((c) => c.name) : [];
        setState({ loading: false, names: names.length > 0 ? names : fallbackBlogCategories });
      },
      (error: unknown) => {
        if ((error as Error).name === "AbortError") return;
        if (announceFallback) notifyError(blogAdminMessages.form.categoriesFallback);
        setState({ loading: false, names: fallbackBlogCategories });
      },
    );
    return () => controller.abort();
    // Read once, when the screen opens: each screen passes a constant announceFallback.
  }, [announceFallback]);
  return state;
}
