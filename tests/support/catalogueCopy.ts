/**
 * A copy of the real catalogue (schemas/ and locales/) with extra flow folders laid over it, in a temporary
 * directory: how tests put a flow in the product with no code change, as product ops would add files.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const DEMO_REQUEST = path.resolve('tests/fixtures/flows/demo-request');
/** A flow written as schemas come from elsewhere: oneOf, draft-07 spellings, dependencies, a tuple (issue 55). */
export const SCHEMA_ZOO = path.resolve('tests/fixtures/flows/schema-zoo');
/** A two-step flow whose file declares a sidebar entry (tests/fixtures/flows/merchant-request). */
export const MERCHANT_REQUEST = path.resolve('tests/fixtures/flows/merchant-request');

/**
 * @param overlays - folders each holding `schemas/` and `locales/` to copy over the real ones, in order
 * @returns - the copy's schemas and locales folders
 */
export function catalogueCopy(overlays: string[], into = mkdtempSync(path.join(os.tmpdir(), 'catalogue-'))) {
  const schemasDir = path.join(into, 'schemas');
  const localesDir = path.join(into, 'locales');
  cpSync('schemas', schemasDir, { recursive: true });
  cpSync('locales', localesDir, { recursive: true });
  for (const overlay of overlays) {
    cpSync(path.join(overlay, 'schemas'), schemasDir, { recursive: true });
    cpSync(path.join(overlay, 'locales'), localesDir, { recursive: true });
  }
  return { schemasDir, localesDir };
}

/**
 * The flows a catalogue folder holds, read from their `flow.json` files (every folder not starting with `_`), by
 * id: what tests expect the catalogue's tools and API to list, so a flow added as files changes no test.
 */
export function flowsOnDisk(schemasDir = 'schemas'): { flow: string; steps: number }[] {
  return readdirSync(schemasDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_'))
    .map((entry) => {
      const flow = JSON.parse(readFileSync(path.join(schemasDir, entry.name, 'flow.json'), 'utf8')) as {
        flow: string;
        steps: unknown[];
      };
      return { flow: flow.flow, steps: flow.steps.length };
    })
    .sort((a, b) => (a.flow < b.flow ? -1 : a.flow > b.flow ? 1 : 0));
}

/**
 * Copies a shipped flow's folder under another id, inside a catalogue copy (its texts stay those of the original's
 * namespace): a flow product ops added as files, named to sort first or last, for the tests that must not pin the
 * catalogue's list (issue 57).
 */
export function copyFlowAs(schemasDir: string, from: string, as: string) {
  cpSync(path.join(schemasDir, from), path.join(schemasDir, as), { recursive: true });
  const file = path.join(schemasDir, as, 'flow.json');
  const flow = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(file, JSON.stringify({ ...flow, flow: as }, null, 2));
}
