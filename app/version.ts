/**
 * The product's version, package.json's `version`: the bundlers (Vite for the pages, esbuild for the
 * server) write it into the build as a constant, so a running server and the pages it sends know it
 * without reading a file or making a request. CHANGELOG.md says what each version brought.
 */
import { version } from "../package.json";

export const APP_VERSION: string = version;
