/** A refusal a command reports in one line (exit code 1), never a stack trace. */
export class CommandError extends Error {
  override name = 'CommandError';
}
