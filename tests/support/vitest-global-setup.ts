/** Vitest's global setup: runs once in the main process, before the first test file and after the last. */
import { dropRunDatabases, runId } from "./databases";
import { ensurePgliteTemplate } from "./pglite-template";
import { makeStartedTemplates } from "./started-database";

export default async function setup() {
  // Inherited by the worker processes: the names of this run's PostgreSQL databases start with it.
  const run = runId();
  await ensurePgliteTemplate();
  const removeStarted = await makeStartedTemplates(run);
  return async () => {
    await removeStarted();
    const left = await dropRunDatabases(run);
    if (left.length > 0) console.warn(`Dropped ${left.length} PostgreSQL test database(s) a test file left behind: ${left.join(", ")}`);
  };
}
