/** The log lines a server writes, kept in memory and parsed (the logger writes one JSON object per line). */
import type { DestinationStream } from "pino";

export type LogLine = { level: number; msg: string; err?: { message?: string; stack?: string; type?: string } } & Record<string, unknown>;

/** pino's numeric levels. */
export const LOG_LEVELS = { debug: 20, info: 30, warn: 40, error: 50 } as const;

export function captureLogs(): { destination: DestinationStream; lines: LogLine[]; clear: () => void } {
  const lines: LogLine[] = [];
  return {
    destination: {
      write(chunk: string) {
        for (const line of chunk.split("\n")) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
      },
    },
    lines,
    clear: () => {
      lines.length = 0;
    },
  };
}
