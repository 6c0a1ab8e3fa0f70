/** The tus protocol as a merchant's browser speaks it, over real sockets (so a connection can be cut mid-upload). */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { Caller } from './signIn';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** The body's SHA-256 (hex). */
  sha256: string;
}

/**
 * One HTTP call to a listening app; with a body, the bytes of `file` from `from` — cut at byte `cutAt` (the
 * connection dropped: status 0) when asked.
 */
export function rawCall(
  base: string,
  method: string,
  url: string,
  headers: Record<string, string>,
  body?: { file: string; from: number; cutAt?: number },
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${url}`, { method, headers }, (res) => {
      // The body hashed as it comes (a 150 MB download is never a string); its first 64 KB kept as text.
      const hash = createHash('sha256');
      let text = '';
      res.on('data', (chunk: Buffer) => {
        hash.update(chunk);
        if (text.length < 65_536) text += chunk.toString('utf8');
      });
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, sha256: hash.digest('hex') }),
      );
    });
    req.on('error', (error) =>
      body?.cutAt ? resolve({ status: 0, headers: {}, text: String(error), sha256: '' }) : reject(error),
    );
    if (!body) return void req.end();
    let sent = body.from;
    const source = createReadStream(body.file, { start: body.from, highWaterMark: 1 << 20 });
    source.on('data', (chunk: Buffer | string) => {
      sent += chunk.length;
      if (body.cutAt !== undefined && sent >= body.cutAt) {
        // The connection drops mid-upload: a phone leaving coverage.
        source.destroy();
        req.destroy(new Error('connection cut'));
        return;
      }
      if (!req.write(chunk)) {
        source.pause();
        req.once('drain', () => source.resume());
      }
    });
    source.on('end', () => req.end());
  });
}

/** A tus call's headers for a signed-in caller. */
export const tusHeaders = (who: Caller, extra: Record<string, string> = {}) => ({
  authorization: `Bearer ${who.token}`,
  'x-mbo-client': 'test',
  'tus-resumable': '1.0.0',
  ...extra,
});

/** A PATCH's headers: `length` bytes from `offset`. */
export const patchHeaders = (who: Caller, offset: number, length: number) =>
  tusHeaders(who, {
    'upload-offset': String(offset),
    'content-type': 'application/offset+octet-stream',
    'content-length': String(length),
  });

/** Upload-Metadata naming the file. */
export const metadata = (name: string) => `filename ${Buffer.from(name).toString('base64')}`;

export const sha256File = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('end', () => resolve(hash.digest('hex')))
      .on('error', reject);
  });

/** A statement of `size` bytes: a PDF header, then random bytes (so a byte out of place cannot hide), in 1 MB pieces. */
export async function writeStatement(file: string, size: number) {
  const out = createWriteStream(file);
  out.write(Buffer.from('%PDF-1.7\n'));
  let written = 9;
  while (written < size) {
    const piece = randomBytes(Math.min(1 << 20, size - written));
    written += piece.length;
    if (!out.write(piece)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
  }
  await new Promise<void>((resolve) => out.end(() => resolve()));
}
