export function findChromium(options?: { headless?: boolean }): string | null;
export function ensureChromium(): string;
