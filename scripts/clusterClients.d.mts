// Types of what TypeScript (bench/api) uses of scripts/clusterClients.mjs.
export function newMerchant(
  base: string,
  n: number,
): Promise<{ token: string; headers: Record<string, string>; applicationId: string }>;
