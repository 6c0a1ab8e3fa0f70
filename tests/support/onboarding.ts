/** The real catalogue's onboarding flow, as the server runs it (its version's runtime), for unit tests. */
import path from 'node:path';
import { checkedVersions } from '../../src/catalogue/pipeline';
import { flowRuntime } from '../../src/catalogue/runtime';

export const versions = checkedVersions(path.resolve('schemas'), path.resolve('locales'));
export const onboarding = flowRuntime(versions.onboarding!);
