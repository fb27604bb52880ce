/** A UUID as the database writes one (any version), in either case. Browser-safe. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID: checked before a database lookup, which would fail on anything else. */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
