/**
 * A second process for tests/integration/renewals.test.ts: opens the site's services on DATABASE_URL
 * (no background work) and runs the renewals job once for each instant given on the command line (the
 * test's fake clock), printing each run's counts as one JSON line.
 *   tsx tests/support/renewals-sweep.ts 2031-05-01T17:00:00Z 2031-05-02T17:00:00Z
 */
import { loadConfig } from "../../app/env.server";
import { sweepRenewals } from "../../app/features/renewals/renewals.server";
import { createServices } from "../../server/main";

const services = await createServices(loadConfig(process.env));
try {
  for (const instant of process.argv.slice(2)) {
    const run = await sweepRenewals(services.db, services.config, services.site.current().facts, new Date(instant));
    process.stdout.write(`${JSON.stringify(run)}\n`);
  }
} finally {
  await services.stop();
}
