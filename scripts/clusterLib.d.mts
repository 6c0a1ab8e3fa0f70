// Types of scripts/clusterLib.mjs for the TypeScript that starts a cluster (bench/api).
export interface ClusterApp {
  readonly name: string;
  readonly address: string;
  readonly running: boolean;
  readonly pid: number | null;
  start(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<void>;
  stop(): Promise<void>;
}

export interface Cluster {
  publicUrl: string;
  databaseUrl: string;
  instances: string[];
  apps: ClusterApp[];
  proxy: { dropConnections(): Promise<unknown> };
  postgres: { stop(): void; start(): void };
  s3: { stop(): Promise<void>; start(): Promise<void> };
  stop(): Promise<void>;
}

export function freePort(): Promise<number>;
export function ensureTools(log: (who: string, line: string) => void): void;
export function startCluster(options: {
  instances: number;
  port: number;
  dir: string;
  fresh?: boolean;
  env?: Record<string, string>;
  log: (who: string, line: string) => void;
  onUnexpectedExit?: (who: string) => void;
}): Promise<Cluster>;
