/** The part of autocannon 9.0.0 (an HTTP load generator, untyped) scripts/bench-server.ts uses: see its README. */
declare module "autocannon" {
  import type { EventEmitter } from "node:events";

  export type Request = {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Called before each send of this request; answers the request to send (a falsy answer restarts the list). */
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request | undefined;
  };

  export type Options = {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    method?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
    /** Requests each connection sends in turn, over and over. */
    requests?: Request[];
    /** A run before the measured one, with these settings, whose results are not counted. */
    warmup?: { connections?: number; duration?: number };
    /** Seconds a response may take before it counts as a timeout. */
    timeout?: number;
  };

  /** Percentiles are keyed p50, p90, p97_5, p99 ...; latencies are in milliseconds (1 ms resolution). */
  export type Histogram = { average: number; mean: number; stddev: number; min: number; max: number; total: number } & Record<
    `p${string}`,
    number
  >;

  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    resets: number;
    statusCodeStats: Record<string, { count: number }>;
    latency: Histogram & { totalCount: number };
    /** Per-second samples: `average` is the requests answered per second. */
    requests: Histogram & { sent: number };
    throughput: Histogram;
  };

  export type Instance = EventEmitter & PromiseLike<Result>;

  export default function autocannon(options: Options): Instance;
}
