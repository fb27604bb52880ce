/**
 * A form's check in the browser: loaded with the form's schema on its first use (see app/lib/form.ts),
 * so Zod and the adapter stay out of the page's first-load JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ZodType } from "zod";

export function validateWith(formData: FormData, schema: ZodType) {
  return parseWithZod(formData, { schema });
}
