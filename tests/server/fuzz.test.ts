/**
 * API fuzzing (issue 14): requests generated from the OpenAPI document for every route, signed in and not, with
 * values that follow each schema and values that do not (random JSON, hostile strings, broken encodings).
 * Whatever comes in, no answer is a 5xx, and every 4xx says what is wrong in a `message`.
 *
 * Bounded for CI: FUZZ_RUNS requests per route (default 12, about 600 in all). `npm run test:fuzz` runs the
 * nightly size (FUZZ_RUNS=300); FUZZ_SEED replays a failure (fast-check prints the seed and the request).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestApp } from './setup/app';
import { signIn } from './setup/signIn';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

const { app } = await createTestApp({ env: { AUTH_RATE_LIMIT: '100000' } });
await app.inject({
  method: 'POST',
  url: '/dev/fixtures',
  payload: JSON.parse(
    (await import('node:fs')).readFileSync(
      new URL('../../src/server/fixtures/demo.json', import.meta.url),
      'utf8',
    ),
  ),
});
const document = (await app.inject({ method: 'GET', url: '/merchant/api/openapi.json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required?: boolean;
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
};

/**
 * The values that broke this server (issue 53: 22 query values gave 500), tried in every query and body field:
 * numbers a query coerces to Infinity, negative zero, the years the database has no room for, NUL and half a
 * surrogate pair, amounts with three decimals.
 */
const BROKE_BEFORE = [
  'Infinity',
  '-Infinity',
  '1e400',
  '-1e400',
  'NaN',
  '-0',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31',
  '9999-12-31T23:59:59.999Z',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF',
  '12.345',
  '0.001',
] as const;
/** The same as a body's JSON carries them: numbers too (1e400 parses to Infinity). */
const brokeBefore = fc.oneof(
  fc.constantFrom(...BROKE_BEFORE),
  fc.constantFrom(-0, 1e308 * 10, -1e308 * 10, 12.345, 0.001, Number.MAX_SAFE_INTEGER + 2),
);

/** Strings that have broken servers: control and format characters, huge ones, markup, paths, encodings. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...BROKE_BEFORE),
  fc.constantFrom(
    '',
    ' ',
    '\u202E',
    '\uFEFF',
    '\uD800',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '%00',
    '%zz',
    '{"a":1}',
    'x'.repeat(5000),
    '٠١٢٣٤٥٦٧٨٩',
    'https://[::ffff:7f00:1]/',
    '-1',
    '1e309',
  ),
);

/** Values that follow a schema (as far as this reads one), or anything at all. */
function valueOf(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  const anything = depth > 2 ? fc.constant(null) : fc.jsonValue({ maxDepth: 3 });
  if (!schema) return anything;
  const follows = ((): fc.Arbitrary<unknown> => {
    if (schema.enum) return fc.constantFrom(...schema.enum);
    if (schema.const !== undefined) return fc.constant(schema.const);
    const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
    switch (type) {
      case 'string':
        return fc.oneof(
          fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) }),
          hostileString,
        );
      case 'integer':
        return fc.oneof(
          fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000 }),
          fc.integer(),
        );
      case 'number':
        return fc.oneof(fc.double(), fc.integer());
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valueOf(schema.items, depth + 1), { maxLength: 4 });
      case 'object': {
        const properties = schema.properties ?? {};
        const keys = Object.keys(properties);
        if (keys.length === 0) return fc.dictionary(fc.string({ maxLength: 12 }), anything, { maxKeys: 4 });
        return fc.record(Object.fromEntries(keys.map((k) => [k, valueOf(properties[k], depth + 1)])), {
          requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)),
        });
      }
      default:
        return anything;
    }
  })();
  return fc.oneof(
    { arbitrary: follows, weight: 4 },
    { arbitrary: anything, weight: 1 },
    { arbitrary: brokeBefore, weight: 1 },
  );
}

/** A value as a path segment's text; objects go as JSON (fast-check makes some with no prototype, which String() refuses). */
const asText = (v: unknown) => (typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));

/** A path parameter as sent: encoded, or raw (slashes, percent signs and all). */
const segmentOf = (schema: Schema | undefined) =>
  fc.oneof(
    valueOf(schema).map((v) => encode(asText(v))),
    hostileString.map(encode),
    fc.constantFrom('%', '%zz', '..', '%2e%2e', 'a%00b', '%E2%80%AE'),
  );

const operations = Object.entries(document.paths)
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })),
  )
  .map((o, index) => ({ ...o, index }));

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** Percent-encoding that also sends what encodeURIComponent refuses: a lone surrogate goes as invalid UTF-8. */
const encode = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return `${encodeURIComponent(s.replace(LONE_SURROGATE, ''))}%ED%A0%80`;
  }
};

/**
 * Sends one request and judges its answer: never a 5xx; a 4xx says what is wrong (a page with a title, or JSON with
 * a `message`). Every answer is also held to the OpenAPI document (setup/documented.ts).
 */
async function sendAndJudge(
  o: (typeof operations)[number],
  token: string | null,
  url: string,
  query: string,
  body: { json: unknown } | { raw: string } | { bytes: Uint8Array; type: string } | unknown,
) {
  const headers: Record<string, string> = { 'x-mbo-client': 'fuzz' };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | Buffer | undefined;
  if (o.method !== 'GET' && o.method !== 'DELETE') {
    if (body && typeof body === 'object' && 'raw' in body) {
      payload = (body as { raw: string }).raw;
      headers['content-type'] = 'application/json';
    } else if (body && typeof body === 'object' && 'bytes' in body) {
      const multipart = body as { bytes: Uint8Array; type: string };
      payload = Buffer.from(multipart.bytes);
      headers['content-type'] = multipart.type;
    } else {
      payload = JSON.stringify((body as { json: unknown }).json ?? null);
      headers['content-type'] = 'application/json';
    }
  }
  const res = await app.inject({
    method: o.method as 'GET',
    url: query ? `${url}?${query}` : url,
    headers,
    payload,
  });
  const said = `${o.method} ${url}${query ? `?${query}` : ''} ${payload === undefined ? '' : String(payload).slice(0, 200)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, said).toBeLessThan(500);
  // A page (the sandbox checkout, for a customer) says what is wrong as a page with a title; a call, in JSON.
  if (res.statusCode >= 400 && String(res.headers['content-type']).startsWith('text/html'))
    expect(res.body, said).toMatch(/<title>[^<]+<\/title>/);
  else if (res.statusCode >= 400) expect(typeof res.json().message, said).toBe('string');
}

describe('every route, fuzzed from the OpenAPI document', () => {
  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s: never 5xx; every 4xx has a message',
    async (_name, o) => {
      // A fresh session per route: logout and "sign out the others" end the one they are given.
      const who = await signIn(
        app,
        `fuzz-${o.index}@example.com`,
        `+9665012${String(40000 + o.index).padStart(5, '0')}`,
      );
      const params = o.operation.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query');
      const bodySchema = o.operation.requestBody?.content?.['application/json']?.schema;
      const multipart = o.operation.requestBody?.content?.['multipart/form-data'] !== undefined;

      const request = fc.record({
        signedIn: fc.boolean(),
        path: fc.tuple(...pathParams.map((p) => segmentOf(p.schema))),
        query: fc.array(
          fc.tuple(
            fc.oneof(fc.constantFrom(...queryParams.map((p) => p.name), 'lang'), fc.string({ maxLength: 8 })),
            hostileString,
          ),
          { maxLength: 4 },
        ),
        body: multipart
          ? fc.record({
              bytes: fc.uint8Array({ maxLength: 2000 }),
              type: fc.constantFrom(
                'multipart/form-data; boundary=x',
                'multipart/form-data',
                'application/json',
                'text/plain',
              ),
            })
          : valueOf(bodySchema),
      });

      await fc.assert(
        fc.asyncProperty(request, async (r) => {
          let url = o.path;
          pathParams.forEach((p, i) => (url = url.replace(`{${p.name}}`, r.path[i] as string)));
          const query = r.query.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&');
          await sendAndJudge(
            o,
            r.signedIn ? who.token : null,
            url,
            query,
            multipart ? r.body : { json: r.body },
          );
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    120_000,
  );
});

/**
 * The values that broke this server, in every query and body field of every route, each alone (issue 53): a query
 * parameter set to each, and a body that follows its schema with one top-level field set to each. Deterministic:
 * every pair is sent on every run, whatever FUZZ_RUNS says.
 */
describe('every query and body field, with the values that broke this server', () => {
  it.each(operations.map((o) => [`${o.method} ${o.path}`, o] as const))(
    '%s',
    async (_name, o) => {
      const who = await signIn(
        app,
        `sweep-${o.index}@example.com`,
        `+9665013${String(40000 + o.index).padStart(5, '0')}`,
      );
      const params = o.operation.parameters ?? [];
      const sample = <T>(arbitrary: fc.Arbitrary<T>) =>
        fc.sample(arbitrary, { numRuns: 1, seed: o.index })[0]!;
      let url = o.path;
      for (const p of params.filter((p) => p.in === 'path'))
        url = url.replace(`{${p.name}}`, encode(asText(sample(valueOf(p.schema)))));
      for (const p of params.filter((p) => p.in === 'query'))
        for (const value of BROKE_BEFORE)
          await sendAndJudge(o, who.token, url, `${encode(p.name)}=${encode(value)}`, {});
      const schema = o.operation.requestBody?.content?.['application/json']?.schema;
      if (!schema?.properties || o.method === 'GET' || o.method === 'DELETE') return;
      const base = sample(
        valueOf(schema, 1).filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v)),
      );
      // Each value as JSON writes it — strings as strings, and the numbers a parser reads as Infinity, -0 and
      // three decimals as their own literals (JSON.stringify would write 1e400 as null and -0 as 0).
      const literals = [
        ...BROKE_BEFORE.map((v) => JSON.stringify(v)),
        '1e400',
        '-1e400',
        '-0',
        '12.345',
        '0.001',
      ];
      for (const field of Object.keys(schema.properties))
        for (const literal of literals) {
          const text = JSON.stringify({ ...(base as object), [field]: '\u0001here' }).replace(
            '"\\u0001here"',
            literal,
          );
          await sendAndJudge(o, who.token, url, '', { raw: text });
        }
    },
    120_000,
  );
});
