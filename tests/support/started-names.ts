/** Where this run's started templates are (started-database.ts): set by the global setup, read by the worker processes. */
export const STARTED_PGLITE_VARIABLE = "AGENCY_TEST_STARTED_PGLITE";
export const STARTED_POSTGRES_VARIABLE = "AGENCY_TEST_STARTED_POSTGRES";

/** The data folder location that asks the patched `PGlite.create` (pglite-template.ts) for a copy of the started template. */
export const STARTED_MEMORY = "memory://started";
