/**
 * Session replay's server side (shell spec §1; issue 60, point 3): where the browser is told to send recordings,
 * what the CSP opens for them and for the survey's frame, and the development sink — kept in the database (a
 * second instance plays what the first received), the newest sessions only, a bad chunk refused naming the fix.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { REPLAY_KEEP_SESSIONS } from '../../src/domain/sessionReplay';

const sessionId = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const chunk = (n: number, seq: number, area = 'dashboard') => ({
  session_id: sessionId(n),
  seq,
  area,
  events: [
    {
      type: 4,
      timestamp: 1_700_000_000_000 + seq,
      data: { href: 'http://x/dashboard', width: 1, height: 1 },
    },
    { type: 3, timestamp: 1_700_000_000_100 + seq, data: { source: 5, id: 12, text: '****' } },
  ],
});

describe('where the browser sends its recordings', () => {
  it('is nowhere by default: no sink, and the page talks and frames nothing but us', async () => {
    const { app } = await createTestApp();
    expect((await app.inject({ method: 'GET', url: '/merchant/api/v1/session-replay' })).json()).toEqual({
      endpoint: null,
    });
    const post = await app.inject({ method: 'POST', url: '/dev/replay/chunks', payload: chunk(1, 0) });
    expect(post.statusCode).toBe(404);
    const page = await app.inject({ method: 'GET', url: '/auth' });
    expect(page.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(page.headers['content-security-policy']).toContain("frame-src 'self';");
  });

  it('is another server’s https address, which the page may then send to; the survey’s host may be framed', async () => {
    const { app } = await createTestApp({
      env: {
        SESSION_REPLAY_URL: 'https://replay.provider.test/ingest',
        SURVEY_URL: 'https://survey.provider.test/{lang}/payments',
      },
    });
    expect((await app.inject({ method: 'GET', url: '/merchant/api/v1/session-replay' })).json()).toEqual({
      endpoint: 'https://replay.provider.test/ingest',
    });
    const policy = (await app.inject({ method: 'GET', url: '/auth' })).headers['content-security-policy'];
    expect(policy).toContain("connect-src 'self' https://replay.provider.test;");
    expect(policy).toContain("frame-src 'self' https://survey.provider.test;");
    expect((await app.inject({ method: 'GET', url: '/merchant/api/v1/site-links' })).json().survey).toBe(
      'https://survey.provider.test/{lang}/payments',
    );
  });
});

let refusing: ReturnType<typeof createTestApp> | undefined;

describe('the development sink (SESSION_REPLAY_URL=dev)', () => {
  it('keeps the chunks in order and plays them through a second instance', async () => {
    const { app, database } = await createTestApp({ env: { SESSION_REPLAY_URL: 'dev' } });
    const { app: other } = await createTestApp({ env: { SESSION_REPLAY_URL: 'dev' }, database });
    expect((await app.inject({ method: 'GET', url: '/merchant/api/v1/session-replay' })).json()).toEqual({
      endpoint: '/dev/replay/chunks',
    });
    // Sent out of order, through both instances; the second chunk once more (a retry after a lost answer).
    for (const [instance, body] of [
      [app, chunk(1, 1, 'applications')],
      [other, chunk(1, 0)],
      [app, chunk(1, 1, 'applications')],
    ] as const) {
      const res = await instance.inject({ method: 'POST', url: '/dev/replay/chunks', payload: body });
      expect(res.statusCode).toBe(204);
    }
    const sessions = (await other.inject({ method: 'GET', url: '/dev/replay/sessions' })).json();
    expect(sessions).toEqual([
      expect.objectContaining({
        session_id: sessionId(1),
        areas: ['dashboard', 'applications'],
        chunks: 2,
        events: 4,
      }),
    ]);
    expect(sessions[0].bytes).toBeGreaterThan(100);
    const played = (
      await other.inject({ method: 'GET', url: `/dev/replay/sessions/${sessionId(1)}` })
    ).json();
    expect(played.events.map((e: { timestamp: number }) => e.timestamp)).toEqual([
      1_700_000_000_000, 1_700_000_000_100, 1_700_000_000_001, 1_700_000_000_101,
    ]);
    const missing = await app.inject({ method: 'GET', url: `/dev/replay/sessions/${sessionId(99)}` });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(
      `no replay session ${sessionId(99)} is kept (the sink keeps the newest ${REPLAY_KEEP_SESSIONS})`,
    );
  });

  it('takes a page snapshot as deep as a page’s DOM, where other calls stop at 32 levels', async () => {
    const { app } = await createTestApp({ env: { SESSION_REPLAY_URL: 'dev' } });
    const nested = (levels: number) => {
      let node: Record<string, unknown> = { type: 3, textContent: 'leaf' };
      for (let i = 0; i < levels; i += 1) node = { type: 2, tagName: 'div', childNodes: [node] };
      return node;
    };
    const snapshot = (levels: number) => ({
      ...chunk(7, 0),
      events: [{ type: 2, timestamp: 1, data: { node: nested(levels), initialOffset: { top: 0, left: 0 } } }],
    });
    const deep = await app.inject({ method: 'POST', url: '/dev/replay/chunks', payload: snapshot(150) });
    expect(deep.statusCode).toBe(204);
    const tooDeep = await app.inject({ method: 'POST', url: '/dev/replay/chunks', payload: snapshot(250) });
    expect(tooDeep.statusCode).toBe(400);
    expect(tooDeep.json().field_errors['/']).toMatchObject({ params: { limit: 400 } });
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/merchant/api/v1/events',
      payload: { type: 'track', event: 'x', properties: nested(20) },
    });
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().field_errors['/']).toMatchObject({ params: { limit: 32 } });
  });

  it(`keeps the newest ${REPLAY_KEEP_SESSIONS} sessions only`, async () => {
    const { app } = await createTestApp({ env: { SESSION_REPLAY_URL: 'dev' } });
    for (let n = 1; n <= REPLAY_KEEP_SESSIONS + 3; n += 1) {
      await app.inject({ method: 'POST', url: '/dev/replay/chunks', payload: chunk(n, 0) });
      await app.inject({ method: 'POST', url: '/dev/clock', payload: { advance_ms: 1000 } });
    }
    const kept = (await app.inject({ method: 'GET', url: '/dev/replay/sessions' })).json();
    expect(kept).toHaveLength(REPLAY_KEEP_SESSIONS);
    expect(kept[0].session_id).toBe(sessionId(REPLAY_KEEP_SESSIONS + 3));
    expect(kept.map((s: { session_id: string }) => s.session_id)).not.toContain(sessionId(3));
  });

  it.each([
    [{ ...chunk(1, 0), area: 'orders' }, '/area'],
    [{ ...chunk(1, 0), events: [] }, '/events'],
    [{ ...chunk(1, 0), session_id: '../../etc' }, '/session_id'],
    [{ ...chunk(1, 0), seq: -1 }, '/seq'],
    [{ ...chunk(1, 0), events: [{ type: 'full', timestamp: 1 }] }, '/events/0/type'],
  ])('refuses a chunk that is not one, naming what is wrong (%#)', async (body, pointer) => {
    refusing ??= createTestApp({ env: { SESSION_REPLAY_URL: 'dev' } });
    const { app } = await refusing;
    const res = await app.inject({ method: 'POST', url: '/dev/replay/chunks', payload: body });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().field_errors ?? {}).join(' ')).toContain(pointer);
    expect((await app.inject({ method: 'GET', url: '/dev/replay/sessions' })).json()).toEqual([]);
  });
});
