import { finding, type Check, type Finding } from './check';

const STEP_FILE = /^([^_][^/]*)\/steps\/[^/]+\.(schema|ui)\.json$/;

/** A step file no step uses is probably a renamed or removed step (a flow whose file is broken is skipped). */
export const unusedFiles: Check = {
  name: 'unused-files',
  summary: 'every file under <flow>/steps/ belongs to a step of its flow',
  run(model) {
    const used = new Set(model.flows.flatMap((f) => f.steps.flatMap((s) => [s.schemaFile, s.uiFile])));
    const broken = new Set(model.flowFiles.filter((f) => !f.valid).map((f) => f.folder));
    const found: Finding[] = [];
    for (const file of Object.keys(model.source.files)) {
      const folder = STEP_FILE.exec(file)?.[1];
      if (folder && !used.has(file) && !broken.has(folder))
        found.push(finding(file, '', 'is not used by any step of its flow'));
    }
    return found;
  },
};
