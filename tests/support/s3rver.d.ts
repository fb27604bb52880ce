/** The part of s3rver 3.7.1 (an S3 test server, untyped) the tests use: see its README. */
declare module "s3rver" {
  import type { AddressInfo } from "node:net";

  /** The few members of Koa's context a middleware here uses. */
  export type Context = {
    method: string;
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    type: string;
    body: unknown;
  };
  export type Middleware = (ctx: Context, next: () => Promise<unknown>) => unknown;

  export type S3rverOptions = {
    address?: string;
    port?: number;
    silent?: boolean;
    directory?: string;
    resetOnClose?: boolean;
    allowMismatchedSignatures?: boolean;
    vhostBuckets?: boolean;
    configureBuckets?: { name: string; configs?: (string | Buffer)[] }[];
  };

  export default class S3rver {
    constructor(options?: S3rverOptions);
    /** Koa's middleware list, run in order. */
    middleware: Middleware[];
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
  }
}
