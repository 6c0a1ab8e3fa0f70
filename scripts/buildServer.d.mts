// Types of scripts/buildServer.mjs for the TypeScript that runs the built server (bench).
export const serverEntry: string;
export function buildServerIfStale(options?: { force?: boolean }): Promise<boolean>;
