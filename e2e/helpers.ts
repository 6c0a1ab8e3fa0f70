/**
 * Signing in from a test without the UI: a persona copied from the demo fixture under fresh addresses (so no
 * two tests share an address's lockout counters), the bot check solved here as the browser would, and the
 * codes read from the outbox. Cookies land in the page's context, so the page is signed in.
 */
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { solveBotCheck, type BotChallenge } from '../src/domain/botCheck';

const demo = JSON.parse(
  readFileSync(new URL('../src/server/fixtures/demo.json', import.meta.url), 'utf8'),
) as {
  accounts: { id: string; email?: string; phone?: string; lang?: string }[];
  permissions: { account_id: string }[];
  experiments: { account_id: string }[];
};

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;

async function botToken(request: APIRequestContext): Promise<string> {
  const c = (await (await request.get('/merchant/api/v1/auth/bot-check')).json()) as BotChallenge & {
    disabled?: boolean;
  };
  return c.disabled ? 'off' : (await solveBotCheck(c))!;
}

async function codeFor(request: APIRequestContext, to: string): Promise<string> {
  for (let i = 0; i < 50; i += 1) {
    const messages = (await (await request.get('/dev/outbox')).json()) as { to: string; code: string }[];
    const found = messages.find((m) => m.to === to);
    if (found) return found.code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code sent to ${to}`);
}

/** A copy of a demo persona (its memberships and experiments) with its own e-mail and phone. */
export async function personaCopy(request: APIRequestContext, personaId: string) {
  const persona = demo.accounts.find((a) => a.id === personaId)!;
  const id = `${personaId}-${unique()}`;
  const email = `${id}@e2e.example`;
  const phone = `+9665${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
  const fixture = {
    accounts: [{ id, email, phone, lang: persona.lang ?? 'en' }],
    permissions: demo.permissions
      .filter((p) => p.account_id === personaId)
      .map((p) => ({ ...p, account_id: id })),
    experiments: demo.experiments
      .filter((e) => e.account_id === personaId)
      .map((e) => ({ ...e, account_id: id })),
  };
  const res = await request.post('/dev/fixtures', { data: fixture });
  if (!res.ok()) throw new Error(`fixture refused: ${await res.text()}`);
  return { id, email, phone };
}

/** Signs a browser context (through its request object) in as an account with e-mail and phone. */
export async function signInWith(request: APIRequestContext, who: { email: string; phone: string }) {
  const started = (await (
    await request.post('/merchant/api/v2/auth/authenticate', {
      data: { email: who.email, lang: 'en', cf_turnstile: await botToken(request) },
    })
  ).json()) as { session_id: string };
  await request.post('/merchant/api/v2/auth/verify', {
    data: { session_id: started.session_id, code: await codeFor(request, who.email) },
  });
  await request.post('/merchant/api/v2/auth/challenge/verify', {
    data: { code: await codeFor(request, who.phone) },
  });
}

/** Signs the page's browser context in as a fresh copy of a demo persona. */
export async function signInAs(page: Page, personaId: string) {
  const who = await personaCopy(page.request, personaId);
  await signInWith(page.request, who);
  return who;
}
