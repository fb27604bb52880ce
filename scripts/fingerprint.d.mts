export function sourceFingerprint(root: string): string;
