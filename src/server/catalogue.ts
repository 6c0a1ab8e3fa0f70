/**
 * The form catalogue as the server serves it: the versions made from SCHEMAS_DIR and LOCALES_DIR when the
 * server starts (src/catalogue: read → check → version), behind the FlowSource interface a database-backed
 * source (publishing) will implement too. A catalogue with problems stops the server with every problem
 * listed, like `npm run catalogue -- check`.
 */
import { filesFlowSource, type FlowSource } from '../catalogue/serverFlowSource';

const sources = new Map<string, FlowSource>();

/** The source for a pair of folders, made once per process (tests build many apps on the same catalogue). */
export function serverFlowSource(schemasDir: string, localesDir: string): FlowSource {
  const key = `${schemasDir}\n${localesDir}`;
  let source = sources.get(key);
  if (!source) sources.set(key, (source = filesFlowSource({ schemasDir, localesDir })));
  return source;
}
