/**
 * `npm run bench:chat`: live chat delivery with 100 open connections (issue 18: a message reaches the other side
 * within 200 ms at p95). The app is the real one (buildApp, the embedded database in a fresh directory, the
 * LISTEN/NOTIFY hub); BENCH_CHAT_MERCHANTS merchants (default 90), each with its own admin, and
 * BENCH_CHAT_AGENTS ops agents (default 10) sign in through the API, take a chat token and hold a WebSocket each.
 *
 *   merchants → agents   each merchant writes BENCH_CHAT_MESSAGES messages (default 5), one every
 *                        1000 / BENCH_CHAT_RATE ms across all merchants (default 50 a second); every agent's
 *                        connection receives every one: the time from send to each arrival
 *   agents → merchants   the agents answer each merchant's conversation at the same rate: send to arrival at the
 *                        merchant's connection
 *
 * The same is measured first with one merchant and one agent (two connections; a tenth as many messages at the
 * same rate), side by side in this run: the
 * ratio shows what 100 connections cost over a quiet server. Figures, not a test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { signIn } from '../support/signIn';
import { percentile } from '../support/percentile';

const MERCHANTS = Number(process.env.BENCH_CHAT_MERCHANTS ?? 90);
const AGENTS = Number(process.env.BENCH_CHAT_AGENTS ?? 10);
const MESSAGES = Number(process.env.BENCH_CHAT_MESSAGES ?? 5);
const RATE = Number(process.env.BENCH_CHAT_RATE ?? 50);
const GOAL_P95_MS = 200;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Frame {
  type: string;
  client_id?: string | null;
  message?: { channel_id: string; client_id: string | null; author: string };
}

/** One open chat connection: its frames go to `onFrame`. */
async function connect(wsAddress: string, token: string, onFrame: (frame: Frame, at: number) => void) {
  const socket = new WebSocket(
    `${wsAddress}/merchant/api/v1/support/chat/socket?token=${encodeURIComponent(token)}`,
  );
  await new Promise<void>((resolve, reject) => {
    socket.once('error', reject);
    socket.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as Frame;
      if (frame.type === 'state') resolve();
      onFrame(frame, performance.now());
    });
  });
  return socket;
}

/** The bench's merchants (each a workspace admin of a shop of its own) and support agents, loaded as fixtures. */
async function loadAccounts(address: string) {
  const merchants = Array.from({ length: MERCHANTS }, (_, i) => ({
    id: `acc-bench-m${i}`,
    email: `bench-m${i}@example.com`,
    phone: `+9665${String(10000000 + i)}`,
    merchant: `mer-bench-${i}`,
  }));
  const agents = Array.from({ length: AGENTS }, (_, i) => ({
    id: `acc-bench-a${i}`,
    email: `bench-a${i}@example.com`,
    phone: `+9665${String(20000000 + i)}`,
    staff_role: 'ops' as const,
  }));
  const loaded = await fetch(`${address}/dev/fixtures`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-mbo-client': 'bench' },
    body: JSON.stringify({
      accounts: [
        ...merchants.map(({ id, email, phone }) => ({ id, email, phone })),
        ...agents.map(({ id, email, phone, staff_role }) => ({
          id,
          email,
          phone,
          staff_role,
          first_name: 'Agent',
        })),
      ],
      merchants: merchants.map((m, i) => ({ id: m.merchant, name: `Bench shop ${i}`, country: 'SAU' })),
      permissions: merchants.map((m) => ({
        account_id: m.id,
        merchant_id: m.merchant,
        role: 'workspace_admin',
        flags: { has_merchant_access: true },
      })),
    }),
  });
  if (!loaded.ok) throw new Error(`fixture: ${loaded.status} ${await loaded.text()}`);
  return { merchants, agents };
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mbo-bench-chat-'));
  const database = await openDatabase({ dataDir });
  const app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      BOT_CHECK: 'off',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      AUTH_RATE_LIMIT: '100000',
      SETUP_ADDRESS_LIMIT: '100000',
    }),
    database,
    logger: false,
  });
  const sockets: WebSocket[] = [];
  try {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const wsAddress = address.replace(/^http/, 'ws');
    const { merchants, agents } = await loadAccounts(address);

    const chatToken = async (account: { email: string; phone: string }) => {
      const bearer = await signIn(address, account);
      const res = await fetch(`${address}/merchant/api/v1/support/chat-token`, {
        headers: { authorization: `Bearer ${bearer}` },
      });
      if (!res.ok) throw new Error(`chat token: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { token: string }).token;
    };
    let started = performance.now();
    const merchantTokens: string[] = [];
    for (const m of merchants) merchantTokens.push(await chatToken(m));
    const agentTokens: string[] = [];
    for (const a of agents) agentTokens.push(await chatToken(a));
    console.log(
      `${MERCHANTS + AGENTS} accounts signed in with chat tokens in ${Math.round(performance.now() - started)} ms`,
    );

    /** Sent at, by client id; arrivals' delays by phase. */
    const sentAt = new Map<string, number>();
    const channelOf = new Map<number, string>();
    let delays: number[] = [];
    const arrival = (frame: Frame, at: number) => {
      if (frame.type !== 'message' || !frame.message?.client_id) return;
      const sent = sentAt.get(frame.message.client_id);
      if (sent !== undefined) delays.push(at - sent);
    };

    /** One round: `m` merchants and `a` agents connected, both directions measured. */
    async function round(m: number, a: number, perMerchant: number) {
      const merchantSockets: WebSocket[] = [];
      const agentSockets: WebSocket[] = [];
      for (let i = 0; i < m; i += 1)
        merchantSockets.push(
          await connect(wsAddress, merchantTokens[i]!, (frame, at) => {
            if (frame.type === 'ack' && frame.message) channelOf.set(i, frame.message.channel_id);
            // A merchant's own message comes back as its ack (and may come as a message): only the agents' count.
            if (frame.message?.author === 'agent') arrival(frame, at);
          }),
        );
      for (let i = 0; i < a; i += 1)
        agentSockets.push(
          await connect(wsAddress, agentTokens[i]!, (frame, at) => {
            if (frame.message?.author === 'merchant' && frame.type === 'message') arrival(frame, at);
          }),
        );
      sockets.push(...merchantSockets, ...agentSockets);
      const gap = 1000 / RATE;
      const results: Record<string, number[]> = {};

      delays = [];
      let n = 0;
      for (let k = 0; k < perMerchant; k += 1)
        for (let i = 0; i < m; i += 1) {
          const clientId = `m-${m}-${i}-${k}`;
          sentAt.set(clientId, performance.now());
          merchantSockets[i]!.send(
            JSON.stringify({ type: 'send', body: `Question ${k} from ${i}`, client_id: clientId }),
          );
          n += 1;
          await sleep(gap);
        }
      await sleep(1000);
      results.toAgents = delays;
      const expectedToAgents = n * a;

      delays = [];
      n = 0;
      for (let k = 0; k < perMerchant; k += 1)
        for (let i = 0; i < m; i += 1) {
          const clientId = `a-${m}-${i}-${k}`;
          sentAt.set(clientId, performance.now());
          agentSockets[i % a]!.send(
            JSON.stringify({
              type: 'send',
              channel_id: channelOf.get(i),
              body: `Answer ${k} to ${i}`,
              client_id: clientId,
            }),
          );
          n += 1;
          await sleep(gap);
        }
      await sleep(1000);
      results.toMerchants = delays;
      const expectedToMerchants = n;

      for (const s of [...merchantSockets, ...agentSockets]) s.close();
      return { results, expectedToAgents, expectedToMerchants };
    }

    const line = (label: string, values: number[], expected: number) =>
      `  ${label.padEnd(20)} ${String(values.length).padStart(5)}/${expected} arrived   p50 ${percentile(values, 50).toFixed(1)} ms   p95 ${percentile(values, 95).toFixed(1)} ms   p99 ${percentile(values, 99).toFixed(1)} ms   max ${Math.max(...values).toFixed(1)} ms`;

    started = performance.now();
    // The quiet round sends as many messages as a tenth of the busy one, so its percentiles mean something.
    const quiet = await round(1, 1, Math.max(20, Math.round((MESSAGES * MERCHANTS) / 10)));
    const busy = await round(MERCHANTS, AGENTS, MESSAGES);
    console.log(
      `\nrounds done in ${Math.round(performance.now() - started)} ms; ${RATE} messages a second, send to arrival:`,
    );
    console.log(`two connections (one merchant, one agent):`);
    console.log(line('merchant → agent', quiet.results.toAgents!, quiet.expectedToAgents));
    console.log(line('agent → merchant', quiet.results.toMerchants!, quiet.expectedToMerchants));
    console.log(
      `${MERCHANTS + AGENTS} connections (${MERCHANTS} merchants, ${AGENTS} agents; each agent gets every merchant message):`,
    );
    console.log(line('merchant → agents', busy.results.toAgents!, busy.expectedToAgents));
    console.log(line('agent → merchant', busy.results.toMerchants!, busy.expectedToMerchants));
    const p95 = Math.max(percentile(busy.results.toAgents!, 95), percentile(busy.results.toMerchants!, 95));
    const quietP95 = Math.max(
      percentile(quiet.results.toAgents!, 95),
      percentile(quiet.results.toMerchants!, 95),
    );
    const complete =
      busy.results.toAgents!.length === busy.expectedToAgents &&
      busy.results.toMerchants!.length === busy.expectedToMerchants;
    console.log(
      `\np95 at ${MERCHANTS + AGENTS} connections: ${p95.toFixed(1)} ms (goal: at most ${GOAL_P95_MS} ms) — ${p95 <= GOAL_P95_MS && complete ? 'met' : 'NOT met'}${complete ? '' : ' (messages missing)'}; ${(p95 / quietP95).toFixed(1)}× the two-connection p95`,
    );
  } finally {
    for (const s of sockets) s.terminate();
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
