/**
 * The form catalogue as the server uses it: read and checked once at start from schemas/ and locales/ of this
 * checkout (the same files the browser build compiles). A broken catalogue stops the server with every
 * problem listed, like `npm run catalogue -- check`.
 */
import { fileURLToPath } from 'node:url';
import type { Catalogue } from '../engine/core/catalogue';
import { loadCheckedCatalogue } from '../cli/readCatalogue';

let cached: Catalogue | undefined;

export function loadServerCatalogue(): Catalogue {
  cached ??= loadCheckedCatalogue(
    fileURLToPath(new URL('../../schemas', import.meta.url)),
    fileURLToPath(new URL('../../locales', import.meta.url)),
  );
  return cached;
}
