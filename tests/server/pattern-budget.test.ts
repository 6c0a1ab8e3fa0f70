/**
 * A pattern the catalogue's guard missed must still not stall the server (issue 30, finding 3): a save's answers
 * are matched in linear time (RE2JS) or, for look-arounds, under a time budget. Proven with a version the guard
 * never saw: demo-request's name field given catastrophic patterns after the checks, as a missed pattern would be.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn } from './setup/signIn';
import { catalogueCopy, DEMO_REQUEST } from '../support/catalogueCopy';
import { checkedVersions } from '../../src/catalogue/pipeline';
import { staticFlowSource } from '../../src/catalogue/serverFlowSource';
import type { FlowVersion } from '../../src/catalogue/version';

const { schemasDir, localesDir } = catalogueCopy([DEMO_REQUEST]);
const checked = checkedVersions(schemasDir, localesDir);

/** demo-request with a pattern on the name field that no check looked at. */
function withPattern(flow: string, pattern: string): FlowVersion {
  const version = structuredClone(checked['demo-request']!);
  const properties = (version.content.steps.contact!.schema as { properties: Record<string, object> })
    .properties;
  properties.full_name = { ...properties.full_name, type: 'string', pattern };
  return { ...version, id: `${version.id}-${flow}`, flow, content: { ...version.content } };
}

const versions = {
  'demo-request': withPattern('demo-request', '^(a|a)*b$'),
};
const lookAround = withPattern('demo-request', '^(?=(a|a)*b$)');
const { app } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000' },
  flows: staticFlowSource({ ...versions }),
});
const { app: lookApp } = await createTestApp({
  env: { AUTH_RATE_LIMIT: '100000' },
  flows: staticFlowSource({ 'demo-request': lookAround }),
});

const DRAFTS = '/merchant/api/v1/flows/demo-request/drafts';

describe('a catastrophic pattern the guard missed', () => {
  it.each([
    ['overlapping alternation, run in linear time', () => app, 27],
    ['inside a look-ahead, run under the time budget', () => lookApp, 30],
  ])('%s: a long answer is refused on its field at once', async (_, which, length) => {
    const server = which();
    const who = await signIn(server, `patterns${Math.random()}@example.com`, '+966502400999');
    const { body } = await who.call('POST', DRAFTS, {});
    const started = performance.now();
    const res = await who.call('PUT', `${DRAFTS}/${body.id}/steps/contact`, {
      full_name: 'a'.repeat(length),
    });
    const took = performance.now() - started;
    expect(res.status).toBe(400);
    expect(res.body.field_errors['/full_name']).toMatchObject({ key: expect.stringContaining('pattern') });
    // 2^27 or 2^30 steps natively: seconds to minutes of a stalled server (30 a's took the reviewer 50 s). Here it is one linear
    // pass, or the budget (100 ms), and the rest of the save.
    expect(took).toBeLessThan(2000);
    // A matching answer still passes.
    const good = await who.call('PUT', `${DRAFTS}/${body.id}/steps/contact`, { full_name: 'aaab' });
    expect(good.status).toBe(200);
  });
});
