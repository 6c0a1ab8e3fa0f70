/**
 * Where the browser reports its unexpected errors (shell spec §8; src/domain/errorReports.ts): the deployment's DSN
 * (null: not reported) and the environment named in the reports.
 */
import { Type, type Static } from './common';

export const ErrorReportsConfig = Type.Object(
  {
    dsn: Type.Union([Type.String(), Type.Null()], {
      description: 'a Sentry-compatible DSN; null: nothing is reported',
    }),
    environment: Type.String({ description: 'the deployment named in each report' }),
  },
  { additionalProperties: false },
);
export type ErrorReportsConfig = Static<typeof ErrorReportsConfig>;
