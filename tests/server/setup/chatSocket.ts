/** The chat socket in server tests: connect with a token, read the frames as they come, wait for one or the close. */
import { expect } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Caller, Json } from './signIn';

export const CHAT = '/merchant/api/v1/support/chat';

export const chatTokenOf = async (caller: Caller) =>
  (await caller.call('GET', '/merchant/api/v1/support/chat-token')).body.token as string;

export async function connectChat(app: FastifyInstance, token: string, after?: number) {
  const url = `${CHAT}/socket?token=${encodeURIComponent(token)}${after === undefined ? '' : `&after=${after}`}`;
  const frames: Json[] = [];
  let closedWith: number | null = null;
  // Listening from the socket's start: the server's first frames may come before injectWS resolves.
  const socket = await app.injectWS(
    url,
    {},
    {
      onInit: (ws) => {
        ws.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString('utf8'))));
        ws.on('close', (code: number) => {
          closedWith = code;
        });
      },
    },
  );
  const next = async (match: (frame: Json) => boolean, timeout = 5000) => {
    await expect.poll(() => frames.find(match), { timeout }).toBeTruthy();
    return frames.find(match);
  };
  /** The close code, once the server (or the test) closed the connection. */
  const closed = async (timeout = 5000) => {
    await expect.poll(() => closedWith, { timeout }).not.toBeNull();
    return closedWith!;
  };
  return { socket, frames, next, closed, isClosed: () => closedWith !== null };
}
