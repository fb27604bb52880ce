/**
 * A form's check in the browser: loaded with the form's schema on its first use (see app/lib/form.ts),
 * so Zod and the adapter stay out of the page's first-load JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ZodType } from "zod";

/** `coerce: false` keeps the posted text as it is (see `useActionForm`'s option of that name). */
export function validateWith(formData: FormData, schema: ZodType, { coerce = true }: { coerce?: boolean } = {}) {
  return parseWithZod(formData, { schema, disableAutoCoercion: !coerce });
}
