/** Choosing where documents are kept, and the S3 settings. The store itself: storage.server.test.ts. */
import { Writable } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { S3Client } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { createLogger, REDACTED } from "../../../server/logger";
import { ConfigError, loadConfig } from "../../env.server";
import { S3FileStorage } from "./s3-storage.server";
import { createFileStorage, LocalFileStorage } from "./storage.server";

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
};

// First in the file: the SDK warns once per process, on the first client made.
describe("the AWS SDK's Node.js version warning", () => {
  it("is not printed when the S3 storage makes its client", async () => {
    const variable = "AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED";
    delete process.env[variable];
    const warnings: string[] = [];
    const listen = (warning: Error) => warnings.push(warning.message);
    process.on("warning", listen);
    try {
      await createFileStorage(loadConfig({ S3_BUCKET: "agency-documents" }), "/nonexistent");
      await nextTurn();
      await nextTurn();
    } finally {
      process.off("warning", listen);
    }
    expect(warnings.filter((w) => w.includes("NodeVersionSupportWarning"))).toEqual([]);
    expect(process.env[variable]).toBe("true");
  });
});

describe("createFileStorage", () => {
  it("keeps documents in the folder without S3_BUCKET, and in the bucket with it", async () => {
    const local = await createFileStorage(loadConfig({}), "/srv/agency/uploads");
    expect(local).toBeInstanceOf(LocalFileStorage);
    expect((local as LocalFileStorage).dir).toBe("/srv/agency/uploads");

    const s3 = await createFileStorage(loadConfig({ S3_BUCKET: "agency-documents" }), "/srv/agency/uploads");
    expect(s3).toBeInstanceOf(S3FileStorage);
    expect((s3 as S3FileStorage).bucket).toBe("agency-documents");
    // A bucket has no free-space figure: the upload route skips its disk check.
    expect(s3.freeBytes).toBeUndefined();
  });

  it("builds the client from the settings: endpoint, region, path style and keys", async () => {
    const storage = (await createFileStorage(
      loadConfig({
        S3_BUCKET: "agency-documents",
        S3_ENDPOINT: "http://minio.internal:9000",
        S3_REGION: "eu-central-1",
        S3_ACCESS_KEY_ID: "AKIDEXAMPLE",
        S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
        S3_FORCE_PATH_STYLE: "true",
      }),
      "/unused",
    )) as S3FileStorage;
    const { config } = storage.client;
    expect(storage.client).toBeInstanceOf(S3Client);
    expect(await config.region()).toBe("eu-central-1");
    expect(config.forcePathStyle).toBe(true);
    const endpoint = await config.endpoint?.();
    expect(endpoint).toMatchObject({ protocol: "http:", hostname: "minio.internal", port: 9000 });
    expect(await config.credentials()).toMatchObject({
      accessKeyId: "AKIDEXAMPLE",
      secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    });
    expect(await config.requestChecksumCalculation()).toBe("WHEN_REQUIRED");
  });
});

describe("S3 settings", () => {
  it("default to the local folder, region us-east-1 and virtual-host addressing", () => {
    const config = loadConfig({});
    expect(config.S3_BUCKET).toBeUndefined();
    expect(config.S3_REGION).toBe("us-east-1");
    expect(config.S3_FORCE_PATH_STYLE).toBe(false);
    expect(loadConfig({ S3_BUCKET: "", S3_REGION: "" })).toMatchObject({ S3_BUCKET: undefined, S3_REGION: "us-east-1" });
  });

  it.each([
    ["true", true],
    ["1", true],
    ["yes", true],
    ["false", false],
    ["0", false],
    ["", false],
  ])("read S3_FORCE_PATH_STYLE=%j as %s", (value, expected) => {
    expect(loadConfig({ S3_BUCKET: "docs", S3_FORCE_PATH_STYLE: value }).S3_FORCE_PATH_STYLE).toBe(expected);
  });

  it("refuse one access key without the other, naming the missing one and not showing the secret", () => {
    expect(problems({ S3_BUCKET: "docs", S3_ACCESS_KEY_ID: "AKIDEXAMPLE" })).toEqual([
      { variable: "S3_SECRET_ACCESS_KEY", message: "must be set when S3_ACCESS_KEY_ID is set" },
    ]);
    const [problem] = problems({ S3_BUCKET: "docs", S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI" });
    expect(problem).toEqual({ variable: "S3_ACCESS_KEY_ID", message: "must be set when S3_SECRET_ACCESS_KEY is set" });
    expect(JSON.stringify(problems({ S3_BUCKET: "docs", S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI" }))).not.toContain("wJalrXUtnFEMI");
    // Neither: the SDK's own credential chain.
    expect(problems({ S3_BUCKET: "docs" })).toEqual([]);
  });

  it("refuse an endpoint or keys without a bucket, which would quietly keep documents on this disk", () => {
    expect(problems({ S3_ENDPOINT: "http://minio:9000" })).toEqual([
      { variable: "S3_BUCKET", message: "must be set when S3_ENDPOINT is set" },
    ]);
    expect(problems({ S3_ACCESS_KEY_ID: "a", S3_SECRET_ACCESS_KEY: "b" })).toEqual([
      { variable: "S3_BUCKET", message: "must be set when S3_ACCESS_KEY_ID is set" },
    ]);
  });

  it.each(["s3://agency-documents", "agency-documents/uploads", "ab", "https://bucket.s3.amazonaws.com"])(
    "refuse S3_BUCKET=%j",
    (bucket) => {
      expect(problems({ S3_BUCKET: bucket }).map((p) => p.variable)).toEqual(["S3_BUCKET"]);
    },
  );

  it("refuse an S3_ENDPOINT that is not an http(s) URL", () => {
    expect(problems({ S3_BUCKET: "docs", S3_ENDPOINT: "minio:9000" }).map((p) => p.variable)).toEqual(["S3_ENDPOINT"]);
  });

  it("never show the secret key in the logs", () => {
    let text = "";
    const destination = new Writable({
      write(chunk, _encoding, done) {
        text += chunk.toString();
        done();
      },
    });
    const logger = createLogger("info", { environment: "test", destination });
    const config = loadConfig({ S3_BUCKET: "docs", S3_ACCESS_KEY_ID: "AKIDEXAMPLE", S3_SECRET_ACCESS_KEY: "wJalrXUtnFEMI-secret" });
    logger.info({ config, S3_SECRET_ACCESS_KEY: config.S3_SECRET_ACCESS_KEY, s3SecretAccessKey: "wJalrXUtnFEMI-secret" }, "settings");
    expect(text).toContain(REDACTED);
    expect(text).toContain('"S3_BUCKET":"docs"');
    expect(text).not.toContain("wJalrXUtnFEMI-secret");
  });
});
