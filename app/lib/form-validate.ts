/**
 * A form's check in the browser: loaded with the form's schema on its first use (see app/lib/form.ts),
 * so Zod and the adapter stay out of the page's first-load JavaScript.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { ZodType } from "zod";

/**
 * The schemas read every field as text themselves (a missing field as "", a checkbox's "on" as ticked),
 * so a form's "" and "on" and a JSON body's "" and booleans meet the same rules and messages: Conform's
 * own coercion (empty text as missing) is off unless a form asks for it (`coerce`: the trucking quote).
 */
export function validateWith(formData: FormData, schema: ZodType, { coerce = false }: { coerce?: boolean } = {}) {
  return parseWithZod(formData, { schema, disableAutoCoercion: !coerce });
}
