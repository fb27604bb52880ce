/**
 * A request field read as text, before a schema checks it: a string as it is, a number or boolean
 * written out, anything else (missing, null, an array, an object) as "", which the field's own
 * "required" message then answers. Never String() on an array or object: a deeply nested array
 * overflows the stack while being joined, and an object whose toString is not a function throws,
 * and either would be a 500 instead of a field error. Browser-safe.
 */
export function textValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return "";
}
