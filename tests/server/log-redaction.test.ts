/**
 * The access log keeps no token an address carries (issue 53, finding 9): a payment link's, which pays a
 * customer's order, and a webview's, which opens a session.
 */
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { redactUrl } from '../../src/server/logRedaction';
import { createTestDatabase } from './setup/database';

const lines: string[] = [];
const stream = new Writable({
  write(chunk, _encoding, done) {
    lines.push(String(chunk));
    done();
  },
});
const database = await createTestDatabase();
const app = await buildApp({
  config: loadConfig({ NODE_ENV: 'test', BOT_CHECK: 'off', DATA_DIR: '.tmp/unused' }),
  database,
  logger: { level: 'info', stream },
});
await app.ready();
afterAll(async () => {
  await app.close();
  await database.close();
});

describe('the access log', () => {
  it('keeps the address of a payment link and of a webview entry without their tokens', async () => {
    const link = 'Pl4yM3ntT0k3nTh4tP4ysAnOrd3rX9';
    const webview = 'W3bv13wT0k3nTh4tOp3nsAS3ss10n';
    await app.inject({ method: 'GET', url: `/checkout/pl/${link}?lang=ar` });
    await app.inject({ method: 'GET', url: `/webview/enter?token=${webview}` });
    const log = lines.join('');
    expect(log).toContain('/checkout/pl/[redacted]?lang=ar');
    expect(log).toContain('/webview/enter?token=[redacted]');
    expect(log).not.toContain(link);
    expect(log).not.toContain(webview);
  });

  it('replaces only tokens', () => {
    expect(redactUrl('/merchant/api/v1/payments?page_size=20')).toBe(
      '/merchant/api/v1/payments?page_size=20',
    );
    expect(redactUrl('/x?a=1&public_token=s3cr3t&b=2')).toBe('/x?a=1&public_token=[redacted]&b=2');
    expect(redactUrl('/x?%74oken=s3cr3t')).toBe('/x?%74oken=[redacted]');
    expect(redactUrl('/checkout/pl/abc')).toBe('/checkout/pl/[redacted]');
  });
});
