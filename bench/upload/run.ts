/**
 * `npm run bench:upload` (issue 59): a 150 MB bank statement sent as a resumable upload (docs/uploads.md) to the real
 * app on loopback, three times. The server runs in a process of its own (bench/upload/server.ts); its resident memory
 * is read from /proc every 20 ms while the bytes go. Prints each run's throughput and the server's memory growth
 * (highest resident size during the upload less the size just before it), their medians, and the goals: at least
 * 50 MB/s, growth at most 64 MB. Each run then downloads the stored statement, and the server's growth while it sends
 * it is held to the same 64 MB (the file is streamed from the store, never read whole).
 */
import { spawn } from 'node:child_process';
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SIZE = 150_000 * 1000;
const RUNS = 3;
const GOALS = { megabytesPerSecond: 50, growthMb: 64 };

const rssOf = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) * 1024;
};
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function send(address: string, method: string, url: string, headers: Record<string, string>, file?: string) {
  return new Promise<{ status: number; location?: string; text: string; bytes: number }>(
    (resolve, reject) => {
      const req = request(`${address}${url}`, { method, headers }, (res) => {
        // A short answer kept as text (the stored file's address); a download only counted.
        let text = '';
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (text.length < 65_536) text += chunk.toString('utf8');
        });
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, location: res.headers.location, text, bytes }),
        );
      });
      req.on('error', reject);
      if (file) createReadStream(file, { highWaterMark: 1 << 20 }).pipe(req);
      else req.end();
    },
  );
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'mbo-bench-upload-'));
  const statement = path.join(dir, 'statement.pdf');
  const out = createWriteStream(statement);
  out.write('%PDF-1.7\n');
  for (let written = 9; written < SIZE;) {
    const piece = randomBytes(Math.min(1 << 20, SIZE - written));
    written += piece.length;
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));

  const server = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    server.stdout.once('data', (chunk: Buffer) => resolve(chunk.toString().trim().split('\n')[0]!));
    server.once('exit', (code) => reject(new Error(`the server stopped (${code})`)));
  });
  try {
    // An account of its own (a fixture), signed in by the development route: the sign-in is not what is measured.
    const account = {
      id: 'acc-bench-uploader',
      email: 'uploader@bench.example',
      phone: '+971500009991',
      lang: 'en',
    };
    const post = (url: string, body: unknown) =>
      fetch(`${address}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    if (!(await post('/dev/fixtures', { accounts: [account] })).ok)
      throw new Error('the fixture was refused');
    const session = (await (await post('/dev/sessions', { email: account.email })).json()) as {
      auth_token: string;
    };
    const token = session.auth_token;
    const headers = { authorization: `Bearer ${token}`, 'x-mbo-client': 'bench', 'tus-resumable': '1.0.0' };
    const speeds: number[] = [];
    const growths: number[] = [];
    const downloadGrowths: number[] = [];
    for (let run = 1; run <= RUNS; run++) {
      const created = await send(address, 'POST', '/merchant/api/v1/uploads/resumable', {
        ...headers,
        'upload-length': String(SIZE),
        'upload-metadata': `filename ${Buffer.from('statement.pdf').toString('base64')}`,
      });
      if (created.status !== 201 || !created.location) throw new Error(`create: ${created.status}`);
      const url = new URL(created.location, address).pathname;
      const before = rssOf(server.pid!);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.pid!))), 20);
      const started = performance.now();
      const done = await send(
        address,
        'PATCH',
        url,
        {
          ...headers,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(SIZE),
        },
        statement,
      );
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, rssOf(server.pid!));
      if (done.status !== 200) throw new Error(`upload: ${done.status}`);
      const speed = SIZE / 1_000_000 / seconds;
      const growth = (peak - before) / 1_048_576;
      speeds.push(speed);
      growths.push(growth);

      // The same statement downloaded (a stream from the store, never held whole).
      const stored = JSON.parse(done.text) as { url: string };
      const beforeDownload = rssOf(server.pid!);
      let downloadPeak = beforeDownload;
      const downloadSampler = setInterval(
        () => (downloadPeak = Math.max(downloadPeak, rssOf(server.pid!))),
        20,
      );
      const downloadStarted = performance.now();
      const got = await send(
        address,
        'GET',
        `/merchant/api/v2/download?disposition=attachment&url=${encodeURIComponent(stored.url)}`,
        { authorization: headers.authorization },
      );
      const downloadSeconds = (performance.now() - downloadStarted) / 1000;
      clearInterval(downloadSampler);
      downloadPeak = Math.max(downloadPeak, rssOf(server.pid!));
      if (got.status !== 200 || got.bytes !== SIZE)
        throw new Error(`download: ${got.status}, ${got.bytes} bytes`);
      const downloadGrowth = (downloadPeak - beforeDownload) / 1_048_576;
      downloadGrowths.push(downloadGrowth);
      console.log(
        `run ${run}: ${speed.toFixed(1)} MB/s (${seconds.toFixed(2)} s), server memory +${growth.toFixed(1)} MB; ` +
          `download ${(SIZE / 1_000_000 / downloadSeconds).toFixed(1)} MB/s, server memory +${downloadGrowth.toFixed(1)} MB`,
      );
    }
    const speed = median(speeds);
    const growth = median(growths);
    const downloadGrowth = median(downloadGrowths);
    console.log(
      `median: ${speed.toFixed(1)} MB/s, server memory +${growth.toFixed(1)} MB; download: server memory +${downloadGrowth.toFixed(1)} MB`,
    );
    console.log(
      `goal ≥ ${GOALS.megabytesPerSecond} MB/s: ${speed >= GOALS.megabytesPerSecond ? 'met' : 'NOT met'}; ` +
        `goal memory growth ≤ ${GOALS.growthMb} MB: ${growth <= GOALS.growthMb ? 'met' : 'NOT met'}; ` +
        `download memory growth ≤ ${GOALS.growthMb} MB: ${downloadGrowth <= GOALS.growthMb ? 'met' : 'NOT met'}`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
