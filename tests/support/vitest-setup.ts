/** Vitest's setup file: runs in each test file's process before the file. */
import { startMemoryDatabasesFromTemplate } from "./pglite-template";

startMemoryDatabasesFromTemplate();
