/**
 * The layer rules of biome.json (docs/decisions/030-layers.md) hold: an upward import planted in a copy
 * of the tree fails `biome check` (what `npm run lint` runs), and the imports the layers allow pass.
 * The copy holds the project's own biome.json and one small file per case, at the path the case names.
 */
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");
const biome = path.join(root, "node_modules/.bin/biome");

type Case = { file: string; source: string; why: string };

/** Each breaks one rule on its first line. */
const forbidden: Case[] = [
  { file: "app/lib/upward.ts", source: 'import { formMessages } from "~/features/leads/messages";', why: "lib imports a feature" },
  {
    file: "app/components/upward.tsx",
    source: 'import { AdminTable } from "~/features/admin/components/admin-page";',
    why: "components import a feature",
  },
  { file: "app/content/upward.ts", source: 'import { fromRecord } from "~/features/blog/mapping";', why: "content imports a feature" },
  {
    file: "app/env.server.ts",
    source: 'import { formatLimit } from "~/features/uploads/messages";',
    why: "the settings module imports a feature",
  },
  {
    file: "app/lib/relative-feature.ts",
    source: 'import { formMessages } from "../features/leads/messages";',
    why: "lib climbs into features",
  },
  { file: "app/lib/lazy.ts", source: 'export const load = () => import("~/features/blog/mapping");', why: "lib loads a feature lazily" },
  {
    file: "app/features/blog/upward.server.ts",
    source: 'import { adminFromRequest } from "../../../server/auth";',
    why: "app imports server/",
  },
  { file: "app/routes/upward.server.ts", source: 'import { clientIp } from "../../server/client-info";', why: "a route imports server/" },
  { file: "app/entry-upward.ts", source: 'import { buildImages } from "../scripts/images";', why: "app imports scripts/" },
  { file: "server/upward.ts", source: 'import { buildImages } from "../scripts/images";', why: "server imports scripts/" },
  { file: "server/api/upward.ts", source: 'import { buildImages } from "../../scripts/images";', why: "server/api imports scripts/" },
  {
    file: "app/features/mail/back-arrow.ts",
    source: 'import { inboxMessages } from "~/features/leads-inbox/messages";',
    why: "a feature imports a feature off its allow-list",
  },
  {
    file: "app/features/quote/back-arrow.ts",
    source: 'import { formMessages } from "~/features/leads/messages";',
    why: "quote imports leads (leads imports quote's schema)",
  },
  {
    file: "app/features/leads/other-module.ts",
    source: 'import { quoteMessages } from "~/features/quote/messages";',
    why: "an allowed feature, but not the allowed module",
  },
  {
    file: "app/features/jobs/relative.ts",
    source: 'import { enqueueMail } from "../mail/outbox.server";',
    why: "a feature climbs into another",
  },
  {
    file: "app/features/brand-new/any.ts",
    source: 'import { recordAudit } from "~/features/audit/audit.server";',
    why: "a feature folder with no entry of its own",
  },
];

/**
 * In every feature of the tree: a climb out of the feature and an import of a module no allow-list names (Biome
 * does not merge the options of overrides, so each feature's own entry must carry every rule).
 */
const features = readdirSync(path.join(root, "app/features"), { withFileTypes: true }).filter((d) => d.isDirectory());
for (const { name } of features) {
  forbidden.push(
    {
      file: `app/features/${name}/climb.ts`,
      source: 'import { telHref } from "../../content/site-facts";',
      why: "a climb out of the feature",
    },
    {
      file: `app/features/${name}/unlisted.ts`,
      source: 'import { unlisted } from "~/features/nowhere/unlisted";',
      why: "a module off the list",
    },
  );
}

/** Imports the layers allow: none may be reported. */
const allowed: Case[] = [
  {
    file: "app/lib/legal.ts",
    source:
      'import { telHref } from "~/content/site-facts";\nimport { postMessages } from "./post-messages";\n\nexport const both = [telHref, postMessages];',
    why: "lib imports content and lib",
  },
  {
    file: "app/features/leads/legal.ts",
    source: [
      'import { enqueueMail } from "~/features/mail/outbox.server";',
      'import { truckingQuoteLeadSchema } from "~/features/quote/trucking-quote-schema";',
      'import { fieldMessages } from "~/lib/field-rules";',
      'import { formMessages } from "./messages";',
      "",
      "export const all = [enqueueMail, truckingQuoteLeadSchema, fieldMessages, formMessages];",
    ].join("\n"),
    why: "a feature imports its allowed modules, lib and its own files",
  },
  {
    file: "app/features/leads/components/legal.tsx",
    source: 'import { contactFormSchema } from "../schema";\n\nexport const schema = contactFormSchema;',
    why: "a feature's component imports its feature's file",
  },
  {
    file: "app/features/mail/components/legal.tsx",
    source: 'import { AdminTable } from "~/components/admin/admin-page";\n\nexport const table = AdminTable;',
    why: "a feature uses the back office's shared components",
  },
  {
    file: "app/routes/legal.tsx",
    source:
      'import { fromRecord } from "~/features/blog/mapping";\nimport { leadsLoader } from "~/features/leads-inbox/inbox.server";\n\nexport const both = [fromRecord, leadsLoader];',
    why: "a route composes any feature",
  },
  {
    file: "server/legal.ts",
    source:
      'import { loadConfig } from "~/env.server";\nimport { clientIp } from "./client-info";\n\nexport const both = [loadConfig, clientIp];',
    why: "server imports app and itself",
  },
  {
    file: "scripts/legal.ts",
    source:
      'import { createApp } from "../server/app";\nimport { buildImages } from "./images";\n\nexport const both = [createApp, buildImages];',
    why: "a command imports server/ and scripts/",
  },
];

/** A forbidden import's name, used, so that its file breaks the layer rule and nothing else. */
function used(source: string): string {
  const name = /^import \{ (\w+) \}/.exec(source)?.[1];
  return name && !source.includes("export") ? `\n\nexport const used = ${name};` : "";
}

type Diagnostic = { category: string; message: string; location: { path: string | null; start?: { line: number } } };

let tree: string;
let status: number;
let diagnostics: Diagnostic[];

beforeAll(() => {
  tree = mkdtempSync(path.join(tmpdir(), "layers-"));
  copyFileSync(path.join(root, "biome.json"), path.join(tree, "biome.json"));
  for (const { file, source } of [...forbidden, ...allowed]) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), `${source}${used(source)}\n`);
  }
  let output: string;
  try {
    output = execFileSync(biome, ["check", "--vcs-enabled=false", "--reporter=json", "--max-diagnostics=200", "."], {
      cwd: tree,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
    status = 0;
  } catch (error) {
    const failed = error as { status: number; stdout: string };
    output = failed.stdout;
    status = failed.status;
  }
  diagnostics = (JSON.parse(output) as { diagnostics: Diagnostic[] }).diagnostics;
}, 60_000);

afterAll(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
});

describe("layers enforced by biome check", () => {
  it("fails the check when any upward import is planted", () => {
    expect(status).not.toBe(0);
  });

  it.each(forbidden)("refuses $file: $why", ({ file }) => {
    const found = diagnostics.filter((d) => d.location.path === file);
    expect(found.map((d) => d.category)).toContain("lint/style/noRestrictedImports");
    expect(found.every((d) => d.category === "lint/style/noRestrictedImports" && d.location.start?.line === 1)).toBe(true);
    expect(found[0].message).toContain("030-layers.md");
  });

  it.each(allowed)("accepts $file: $why", ({ file }) => {
    expect(diagnostics.filter((d) => d.location.path === file)).toEqual([]);
  });

  it("reports nothing but the planted files", () => {
    const planted = new Set(forbidden.map((c) => c.file));
    expect(diagnostics.filter((d) => !planted.has(d.location.path ?? ""))).toEqual([]);
  });
});
