/**
 * Preloaded with `node --require` by scripts/project.test.ts: records every file of React (react,
 * react-dom) the process loads, and writes the list to REACT_BUILDS_FILE when the process exits, so a
 * test can see whether the server runs React's development or production build.
 */
const fs = require("node:fs");
const Module = require("node:module");

const loaded = new Set();
const load = Module._load;
Module._load = function recordReact(request, parent, isMain) {
  const exported = load.call(this, request, parent, isMain);
  try {
    const file = Module._resolveFilename(request, parent, isMain);
    if (/[\\/]node_modules[\\/]react(?:-dom)?[\\/]/.test(file)) loaded.add(file);
  } catch {
    // a built-in or a path that no longer resolves: not React
  }
  return exported;
};
process.on("exit", () => {
  if (process.env.REACT_BUILDS_FILE) fs.writeFileSync(process.env.REACT_BUILDS_FILE, [...loaded].join("\n"));
});
