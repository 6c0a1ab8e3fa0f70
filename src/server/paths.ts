/**
 * The project's folders, found from this module: it sits two levels under the root both as source
 * (src/server/paths.ts) and once built (dist/server/*.js, scripts/buildServer.mjs), so the same address works
 * whether the server runs from TypeScript (tests, `npm run serve`) or as built JavaScript (`npm start`).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository's root folder. */
export const projectRoot = fileURLToPath(new URL('../..', import.meta.url));

/** A path under the root: `fromRoot('schemas')`. */
export const fromRoot = (...parts: string[]): string => path.join(projectRoot, ...parts);
