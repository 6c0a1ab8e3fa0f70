/**
 * Prepares the catalogue of the "files only" e2e server: a copy of schemas/ and locales/ with two flows' files
 * laid over it (tests/fixtures/flows/demo-request, merchant-request with its sidebar entry, and schema-zoo), in the folder
 * given. The server then runs on that copy (SCHEMAS_DIR, LOCALES_DIR) with the same build as every other test.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { catalogueCopy, DEMO_REQUEST, MERCHANT_REQUEST, SCHEMA_ZOO } from '../../tests/support/catalogueCopy';

const into = process.argv[2];
if (!into) throw new Error('usage: tsx e2e/support/newFlowServer.ts <folder>');
rmSync(into, { recursive: true, force: true });
mkdirSync(into, { recursive: true });
catalogueCopy([DEMO_REQUEST, MERCHANT_REQUEST, SCHEMA_ZOO], into);
