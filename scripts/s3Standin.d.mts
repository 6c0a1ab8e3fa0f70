export interface S3Standin {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}

export function createS3rver(options: {
  port?: number;
  address?: string;
  directory: string;
  silent?: boolean;
  configureBuckets?: { name: string }[];
}): S3Standin;
