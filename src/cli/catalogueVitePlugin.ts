/**
 * Vite plugin: serves the compiled catalogue as virtual modules.
 *
 *   virtual:catalogue/index                 a loader per flow
 *   virtual:catalogue/<flow>                its definition and a loader per step
 *   virtual:catalogue/<flow>/<step>         bundled schema, UI schema, validators
 *   virtual:catalogue/<flow>/<step>/validators   ajv standalone code
 *   virtual:catalogue/<flow>/<step>/examples     example answers (the catalogue page only)
 *
 * A catalogue with problems fails the build with every problem listed. In
 * `npm run dev`, a change under schemas/ or locales/ reloads the page.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DIAL_CODES } from '../domain/countries';
import type { Plugin } from 'vite';
import { createStepValidators, refResolver, type Catalogue } from '../engine/core/catalogue';
import { stepExamples } from '../engine/core/examples';
import {
  flowModule,
  loadCheckedCatalogue,
  stepModule,
  validatorsModule,
  VIRTUAL_PREFIX,
} from './compileCatalogue';

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
  let catalogue: Catalogue | undefined;
  const current = () => (catalogue ??= loadCheckedCatalogue(options.schemasDir, options.localesDir));
  const RESOLVED = `\0${VIRTUAL_PREFIX}`;
  // Compiled once per flow for the examples of its steps (not once per step module).
  const validatorCache = new Map<string, ReturnType<typeof createStepValidators>>();
  const validatorsOf = (c: Catalogue, flowId: string) => {
    let validators = validatorCache.get(flowId);
    if (!validators) validatorCache.set(flowId, (validators = createStepValidators(c, flowId)));
    return validators;
  };

  return {
    name: 'catalogue',
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (PHONE_METADATA.test(id)) return phoneMetadataModule(id.replace(/\.js$/, ''));
      if (!id.startsWith(RESOLVED)) return undefined;
      const parts = id.slice(RESOLVED.length).split('/');
      const c = current();
      if (parts.length === 1 && parts[0] === 'index') {
        const loaders = Object.keys(c.flows)
          .map(
            (flow) =>
              `  ${JSON.stringify(flow)}: () => import(${JSON.stringify(`${VIRTUAL_PREFIX}${flow}`)}),`,
          )
          .join('\n');
        return `export const flows = {\n${loaders}\n};\n`;
      }
      const [flowId, stepId, kind] = parts as [string, string | undefined, string | undefined];
      if (parts.length === 1) return flowModule(c, flowId);
      if (parts.length === 2 && stepId) return stepModule(c, flowId, stepId);
      // Example answers are for the catalogue page only: their own module, so no merchant downloads them.
      if (parts.length === 3 && stepId && kind === 'examples') {
        const step = c.flows[flowId]?.steps[stepId];
        if (!step) throw new Error(`no step "${stepId}" in flow "${flowId}"`);
        const validate = validatorsOf(c, flowId)[stepId]!;
        const examples = stepExamples(
          step.schema,
          refResolver(c, step.schemaFile),
          (data) => validate(data).errors,
        );
        return `export const examples = ${JSON.stringify(examples)};\n`;
      }
      if (parts.length === 3 && stepId && kind === 'validators') return validatorsModule(c, flowId, stepId);
      throw new Error(`unknown catalogue module "${id.slice(1)}"`);
    },
    configureServer(server) {
      const watched = [path.resolve(options.schemasDir), path.resolve(options.localesDir)];
      server.watcher.add(watched);
      server.watcher.on('all', (_event, file) => {
        if (!watched.some((dir) => file.startsWith(dir))) return;
        catalogue = undefined;
        validatorCache.clear();
        for (const module of server.moduleGraph.idToModuleMap.values()) {
          if (module.id?.startsWith(RESOLVED)) server.moduleGraph.invalidateModule(module);
        }
        server.ws.send({ type: 'full-reload' });
      });
    },
  };
}
