/**
 * Preloaded with `node --require` by scripts/project.test.ts: on SIGUSR2 the process writes to
 * ASYNC_HOOKS_FILE whether async hooks are on (an enabled AsyncLocalStorage where it rests on them).
 * With promise hooks on, a promise's callback runs under that promise's own async id, so two callbacks
 * in a row run under two ids; with them off, both run under none (0).
 */
const fs = require("node:fs");
const { executionAsyncId } = require("node:async_hooks");

process.on("SIGUSR2", async () => {
  await null;
  const first = executionAsyncId();
  await null;
  const on = first !== 0 || executionAsyncId() !== 0;
  if (process.env.ASYNC_HOOKS_FILE) fs.writeFileSync(process.env.ASYNC_HOOKS_FILE, on ? "on" : "off");
});
