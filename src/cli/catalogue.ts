/**
 * `npm run catalogue -- <command>`: the commands ops and QA use on the form catalogue, over the catalogue
 * pipeline (src/catalogue).
 *
 *   check                                   every problem of the catalogue, non-zero exit if any; each flow's version id
 *   matrix --flow <flow> [--format md|csv|json] [--all]   each distinct path with the contexts that lead to it
 *                                           (--all: every context combination, one row each)
 *   examples --flow <flow> --step <step>          a valid example, and per constraint an invalid one with its message key
 *   export --flow <flow> [--version <id>]         a version in the database (the current one) as schemas/ and locales/ files
 *   import --flow <flow> --as <ops e-mail> [--publish [--note <text>] [--confirm <n>]] [--replace-edits]
 *                                           the folder's version of a flow into an ops account's studio working copy,
 *                                           or published at once (./catalogueStore.ts)
 *   help [<command>], or --help anywhere    what a command does, its options and an example
 *
 * `--schemas <dir>` points at another copy of the catalogue (default: ./schemas);
 * translations are read from `--locales <dir>` (default: the schemas folder's sibling `locales`).
 */
import { runCatalogue } from './catalogueCommands';

// `npm run catalogue -- matrix --all | head`: once the reader has what it wanted and closed the pipe, the rest of
// the output has nowhere to go. That is the end of the command, not an error to print with a stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(process.exitCode ?? 0);
});

process.exitCode = await runCatalogue(process.argv.slice(2));
