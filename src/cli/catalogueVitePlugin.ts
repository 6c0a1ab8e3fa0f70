/**
 * Vite plugin for the form catalogue. Forms are not part of the build any more — the server serves each flow's
 * versions (src/catalogue) — so the plugin only:
 * - runs the catalogue pipeline's checks when a build starts, failing it with every problem listed (a broken
 *   catalogue never ships, even by a build that would not notice);
 * - in `npm run dev`, reloads the page when a file under schemas/ or locales/ changes (the API server restarts
 *   on the same change and serves the new versions);
 * - trims libphonenumber's metadata to the dial-code countries (below).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { DIAL_CODES } from '../domain/countries';
import { buildCatalogueDir, formatProblems } from '../catalogue/pipeline';

/**
 * libphonenumber-js's metadata, cut down to the countries of the dial-code list
 * (spec §9): the same verdicts for those numbers at a tenth of the size.
 */
const PHONE_METADATA = /libphonenumber-js\/metadata\.max\.json(\.js)?$/;

export function phoneMetadataModule(jsonFile: string): string {
  const full = JSON.parse(readFileSync(jsonFile, 'utf8')) as {
    version: number;
    country_calling_codes: Record<string, string[]>;
    countries: Record<string, unknown>;
  };
  const iso2: Record<string, string> = {
    SAU: 'SA',
    ARE: 'AE',
    BHR: 'BH',
    KWT: 'KW',
    QAT: 'QA',
    EGY: 'EG',
    JOR: 'JO',
  };
  const regions = new Set(DIAL_CODES.map((d) => iso2[d.country] ?? ''));
  const codes = new Set<string>(DIAL_CODES.map((d) => d.code));
  const trimmed = {
    version: full.version,
    country_calling_codes: Object.fromEntries(
      Object.entries(full.country_calling_codes).filter(([code]) => codes.has(code)),
    ),
    countries: Object.fromEntries(Object.entries(full.countries).filter(([region]) => regions.has(region))),
    nonGeographic: {},
  };
  return `export default ${JSON.stringify(trimmed)};`;
}

export function cataloguePlugin(options: { schemasDir: string; localesDir: string }): Plugin {
  return {
    name: 'catalogue',
    buildStart() {
      const { problems } = buildCatalogueDir(options.schemasDir, options.localesDir);
      if (problems.length > 0)
        this.error(`the catalogue has ${problems.length} problem(s):\n${formatProblems(problems)}`);
    },
    load(id) {
      return PHONE_METADATA.test(id) ? phoneMetadataModule(id.replace(/\.js$/, '')) : undefined;
    },
    configureServer(server) {
      const watched = [path.resolve(options.schemasDir), path.resolve(options.localesDir)];
      server.watcher.add(watched);
      server.watcher.on('all', (_event, file) => {
        if (watched.some((dir) => file.startsWith(dir))) server.ws.send({ type: 'full-reload' });
      });
    },
  };
}
