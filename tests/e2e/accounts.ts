/** Admin accounts the end-to-end server starts with (playwright.config.ts creates them before it starts). */

/** The admin of tests/e2e/two-factor.spec.ts alone (a Staff account): its second factor never affects the other specs' admin. */
export const TWO_FACTOR_ADMIN = { email: "two-factor@agency.example", password: "velvet quarry compass sextant" };
