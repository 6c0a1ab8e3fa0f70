/**
 * The upload benchmark's server, in a process of its own so its memory is measured apart from the client's: the real
 * app (benchSupport's benchApp) with room in the day's quota for three 150 MB statements. Prints its address on the
 * first line of its output; stops on SIGTERM.
 */
import { benchApp } from '../support/benchApp';

const { address, close } = await benchApp('upload', { UPLOAD_DAILY_MB: '2000' });
process.stdout.write(`${address}\n`);
process.on('SIGTERM', () => {
  void close().then(() => process.exit(0));
});
