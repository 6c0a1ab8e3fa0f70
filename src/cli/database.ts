/**
 * The database a command works on: the one the server is configured with (DATABASE_URL, or the embedded one
 * under DATA_DIR), opened and migrated. Anything in the way is one CommandError line, never a stack trace.
 */
import type { Config } from '../server/config';
import { DataDirError, openDatabase, type Database } from '../server/db';
import { CommandError } from './commandError';

export async function openCommandDatabase(config: Config): Promise<Database> {
  try {
    return await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      sync: config.dbSync,
    });
  } catch (error) {
    throw new CommandError(
      error instanceof DataDirError
        ? error.message
        : `the database could not be opened: ${(error as Error).message.split('\n')[0]}`,
    );
  }
}
