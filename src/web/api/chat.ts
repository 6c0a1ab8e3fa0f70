/**
 * The live support chat's client (shell spec §2.9; docs/chat.md), for the merchant's chat panel, the sidebar's
 * unread dot and the agents' console alike. Starting obtains a chat token (a failure there is the spec's error
 * with status 500), then connects to `…/support/chat/socket` and keeps the unread state (§3) and every message it
 * has seen, by channel.
 *
 * Nothing is lost over a dropped connection: messages are numbered by the server (`seq`); a reconnect asks for
 * everything after the highest number held, and duplicates are dropped by number. A message being sent waits in
 * `pending` with its `client_id` until the server acknowledges it (or it arrives as a message); a reconnect sends
 * it again and the server stores it once. A connection that stops carrying data (no answer to a ping within
 * PONG_WAIT_MS) is closed and made again; the browser's `offline` and `online` events close it and reconnect at
 * once. Reconnects back off (RECONNECT_DELAYS) and fetch a fresh token each time (tokens last 10 minutes). A
 * chat that could not start at all waits for `retry()` ("Try again") or the network coming back.
 */
// `create` (as the notifications use), not createStore + useStore: the same zustand module on every page keeps the
// bundler from cutting zustand into one more chunk.
import { create, type StoreApi } from 'zustand';
import type { ChatMessage, ChatState } from '../../domain/chat';
import { api, ApiError } from './client';
import type {
  Channel as ChannelView,
  ChannelAnswer,
  ChannelMessages,
  Channels,
  State,
} from '../../contract/chat';
import type { Static } from '../../contract/common';

const BASE = '/merchant/api/v1/support';

/** How often an open connection is asked whether it still carries data, and how long the answer may take. */
export const PING_EVERY_MS = 20_000;
export const PONG_WAIT_MS = 8_000;
/** Pauses before reconnect attempts; the last one repeats. */
export const RECONNECT_DELAYS = [500, 1_000, 2_000, 5_000, 10_000];

export type ChatConnectionStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline' | 'failed';

export type { ChannelView };

export interface PendingMessage {
  client_id: string;
  channel_id: string | null;
  body: string;
  created_at: string;
  /** The server refused it (status and message): shown with "try again" and "remove". */
  failed?: { status: number; message: string };
}

export interface ChatSnapshot {
  status: ChatConnectionStatus;
  /** Set when the chat could not start (spec §2.9: status 500). */
  error: ApiError | null;
  user: { user_id: string; name: string } | null;
  state: ChatState;
  /** Messages by channel, oldest first, without duplicates. */
  messages: Record<string, ChatMessage[]>;
  /** Channels an agent closed while this client listened. */
  closed: Record<string, ChannelView>;
  pending: PendingMessage[];
  /** The highest message number held: a reconnect asks for what came after it. */
  lastSeq: number;
}

/** What a socket must offer: the browser's WebSocket, or a test's stand-in. */
export interface SocketLike {
  readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface ChatDeps {
  token: () => Promise<{ token: string; user: { user_id: string; name: string } }>;
  connect: (url: string) => SocketLike;
  /** The socket's address for a token and the number to replay after. */
  socketUrl: (token: string, after: number | null) => string;
  /** A unique id for a message being sent. */
  newId: () => string;
  now: () => Date;
}

const OPEN = 1;

const initial = (): ChatSnapshot => ({
  status: 'idle',
  error: null,
  user: null,
  state: { unread_channel_ids: [], has_unread_messages: false },
  messages: {},
  closed: {},
  pending: [],
  lastSeq: 0,
});

/** Messages merged by number, oldest first. */
export function mergeMessages(held: ChatMessage[] = [], more: ChatMessage[]): ChatMessage[] {
  const bySeq = new Map(held.map((m) => [m.seq, m]));
  for (const m of more) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

type Frame =
  | { type: 'state'; unread_channel_ids: string[]; has_unread_messages: boolean; head_seq?: number }
  | { type: 'message'; message: ChatMessage }
  | { type: 'ack'; client_id: string | null; message: ChatMessage }
  | { type: 'closed'; channel: ChannelView }
  | { type: 'error'; client_id?: string | null; status: number; message: string; retry_after?: number }
  | { type: 'pong' };

type SetSnapshot = (patch: Partial<ChatSnapshot> | ((s: ChatSnapshot) => Partial<ChatSnapshot>)) => void;
type ChatStore = StoreApi<ChatSnapshot>;

/** What every part of a client shares: its store and the way to change it. */
interface ChatCore {
  store: ChatStore;
  set: SetSnapshot;
}

/** Messages merged into the store by number; the pending ones they answer leave `pending`. */
function messageAdder({ set }: ChatCore) {
  return (list: ChatMessage[]) => {
    if (list.length === 0) return;
    set((s) => {
      const messages = { ...s.messages };
      for (const m of list) messages[m.channel_id] = mergeMessages(messages[m.channel_id], [m]);
      const ids = new Set(list.map((m) => m.client_id).filter(Boolean));
      return {
        messages,
        pending: s.pending.filter((p) => !ids.has(p.client_id)),
        lastSeq: Math.max(s.lastSeq, ...list.map((m) => m.seq)),
      };
    });
  };
}

/**
 * The messages on their way: shown at once as pending, sent when a connection is open, sent again after the
 * server's send limit (429) named its wait, marked failed when the server refused them.
 */
function createOutbox({ store, set }: ChatCore, deps: ChatDeps, sendFrame: (frame: unknown) => boolean) {
  /** Messages the server's send limit held back (429), each sent again after the wait it named. */
  const heldBack = new Map<string, ReturnType<typeof setTimeout>>();

  const sendPending = (p: PendingMessage) =>
    sendFrame({ type: 'send', channel_id: p.channel_id ?? undefined, body: p.body, client_id: p.client_id });

  return {
    /** Everything not refused goes (again): a new connection was opened. */
    flush: () => store.getState().pending.forEach((p) => !p.failed && sendPending(p)),

    /** The server's refusal of a message being sent. */
    refused(frame: Extract<Frame, { type: 'error' }>) {
      // Over the account's send limit (docs/chat.md): the message stays on its way and goes again after the
      // wait the server named — a person who typed quickly sees "Sending…", never a refusal.
      if (frame.status === 429 && frame.client_id) {
        const id = frame.client_id;
        clearTimeout(heldBack.get(id));
        heldBack.set(
          id,
          setTimeout(
            () => {
              heldBack.delete(id);
              const p = store.getState().pending.find((x) => x.client_id === id);
              if (p && !p.failed) sendPending(p);
            },
            Math.max(1, frame.retry_after ?? 1) * 1000,
          ),
        );
        return;
      }
      if (frame.client_id)
        set((s) => ({
          pending: s.pending.map((p) =>
            p.client_id === frame.client_id
              ? { ...p, failed: { status: frame.status, message: frame.message } }
              : p,
          ),
        }));
    },

    /** Forgets every wait (the chat stops). */
    clear() {
      heldBack.forEach((timer) => clearTimeout(timer));
      heldBack.clear();
    },

    /**
     * Sends a message: shown at once as pending, sent now if connected, else at the next connection.
     * @param channelId - the channel to write in (an agent always names one; a merchant's first message none)
     */
    send(body: string, channelId: string | null) {
      const pending: PendingMessage = {
        client_id: deps.newId(),
        channel_id: channelId,
        body,
        created_at: deps.now().toISOString(),
      };
      set((s) => ({ pending: [...s.pending, pending] }));
      sendPending(pending);
      return pending.client_id;
    },

    /** Sends a refused message again (after the writer changed nothing, or the reason passed). */
    resend(clientId: string) {
      const p = store.getState().pending.find((x) => x.client_id === clientId);
      if (!p) return;
      const again = { ...p, failed: undefined };
      set((s) => ({ pending: s.pending.map((x) => (x.client_id === clientId ? again : x)) }));
      sendPending(again);
    },

    /** Takes a refused message away. */
    discard(clientId: string) {
      set((s) => ({ pending: s.pending.filter((p) => p.client_id !== clientId) }));
    },
  };
}

type Outbox = ReturnType<typeof createOutbox>;

/** What a frame from the server does to the store. */
function frameReader(
  { set }: ChatCore,
  addMessages: (list: ChatMessage[]) => void,
  outbox: Pick<Outbox, 'refused'>,
  side: () => 'merchant' | 'agent' | null,
) {
  return (frame: Frame) => {
    switch (frame.type) {
      case 'state':
        set((s) => ({
          state: {
            unread_channel_ids: frame.unread_channel_ids,
            has_unread_messages: frame.has_unread_messages,
          },
          lastSeq: Math.max(s.lastSeq, frame.head_seq ?? 0),
        }));
        return;
      case 'message': {
        addMessages([frame.message]);
        // The server sends the unread state at start and after a read; a new message from the other side makes
        // its channel unread here until the reader reads it.
        const reader = side();
        if (reader && frame.message.author !== reader)
          set((s) =>
            s.state.unread_channel_ids.includes(frame.message.channel_id)
              ? {}
              : {
                  state: {
                    unread_channel_ids: [...s.state.unread_channel_ids, frame.message.channel_id],
                    has_unread_messages: true,
                  },
                },
          );
        return;
      }
      case 'ack':
        addMessages([frame.message]);
        return;
      case 'closed':
        set((s) => ({ closed: { ...s.closed, [frame.channel.id]: frame.channel } }));
        return;
      case 'error':
        outbox.refused(frame);
        return;
      case 'pong':
        return;
    }
  };
}

/**
 * The socket's life: a token, a connection asking for what came after the highest number held, a ping that
 * proves it carries data, reconnects with back-off, and the browser's offline and online events.
 */
function createConnection(
  { store, set }: ChatCore,
  deps: ChatDeps,
  events: { opened: () => void; frame: (frame: Frame) => void },
) {
  let socket: SocketLike | null = null;
  let running = false;
  let attempt = 0;
  /** Bumped whenever a connection is given up, so a late callback of an old one changes nothing. */
  let generation = 0;
  let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;
  let pongTimer: ReturnType<typeof setTimeout> | undefined;

  const clearTimers = () => {
    clearTimeout(reconnectTimer);
    clearInterval(pingTimer);
    clearTimeout(pongTimer);
  };

  const sendFrame = (frame: unknown) => {
    if (socket?.readyState !== OPEN) return false;
    socket.send(JSON.stringify(frame));
    return true;
  };

  function dropSocket() {
    generation += 1;
    clearTimers();
    const old = socket;
    socket = null;
    if (old) {
      old.onopen = old.onmessage = old.onclose = old.onerror = null;
      try {
        old.close();
      } catch {
        // Already closed.
      }
    }
  }

  function scheduleReconnect() {
    if (!running) return;
    const delay = RECONNECT_DELAYS[Math.min(attempt, RECONNECT_DELAYS.length - 1)]!;
    attempt += 1;
    clearTimeout(reconnectTimer);
    reconnectTimer = setTimeout(() => void connect(), delay);
  }

  /** A token for a new connection, or null when there is none (the state already says why). */
  async function grant(mine: number, first: boolean) {
    try {
      return await deps.token();
    } catch (error) {
      if (mine !== generation || !running) return null;
      const status = error instanceof ApiError ? error.status : 0;
      // Spec §2.9: a start failure is an error with status 500, whatever the token call answered. It waits for
      // "Try again" (or the network coming back); a connection that worked once retries by itself.
      if (first) {
        set({
          status: 'failed',
          error: new ApiError(500, error instanceof Error ? error.message : 'unknown'),
        });
        return null;
      }
      set({ status: 'reconnecting' });
      // Signed out (401) or no longer allowed (403): trying again will not help; anything else may pass.
      if (status === 401 || status === 403) running = false;
      else scheduleReconnect();
      return null;
    }
  }

  function listen(ws: SocketLike, mine: number) {
    ws.onopen = () => {
      attempt = 0;
      set({ status: 'open' });
      events.opened();
      pingTimer = setInterval(() => {
        if (!sendFrame({ type: 'ping' })) return;
        clearTimeout(pongTimer);
        pongTimer = setTimeout(() => {
          // The connection carries nothing any more: make a new one.
          dropSocket();
          set({ status: 'reconnecting' });
          scheduleReconnect();
        }, PONG_WAIT_MS);
      }, PING_EVERY_MS);
    };
    ws.onmessage = (event) => {
      clearTimeout(pongTimer);
      let frame: Frame;
      try {
        frame = JSON.parse(String(event.data)) as Frame;
      } catch {
        return;
      }
      events.frame(frame);
    };
    ws.onclose = () => {
      if (mine !== generation) return;
      socket = null;
      clearTimers();
      set({
        status: typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'reconnecting',
      });
      scheduleReconnect();
    };
    ws.onerror = () => undefined;
  }

  async function connect() {
    if (!running) return;
    dropSocket();
    const mine = generation;
    const first = store.getState().user === null;
    set({ status: first ? 'connecting' : 'reconnecting' });
    const granted = await grant(mine, first);
    if (!granted || mine !== generation || !running) return;
    set({ user: granted.user, error: null });
    const held = store.getState().lastSeq;
    socket = deps.connect(deps.socketUrl(granted.token, held > 0 ? held : null));
    listen(socket, mine);
  }

  const onOffline = () => {
    if (!running) return;
    dropSocket();
    set({ status: 'offline' });
  };
  const onOnline = () => {
    if (!running) return;
    attempt = 0;
    void connect();
  };

  return {
    sendFrame,
    /** Connects once (later calls do nothing while it runs). */
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      if (typeof window !== 'undefined') {
        window.addEventListener('offline', onOffline);
        window.addEventListener('online', onOnline);
      }
      void connect();
    },
    /** Connects again now, also after a failed start. */
    retry() {
      running = true;
      attempt = 0;
      void connect();
    },
    stop() {
      running = false;
      dropSocket();
      if (typeof window !== 'undefined') {
        window.removeEventListener('offline', onOffline);
        window.removeEventListener('online', onOnline);
      }
    },
  };
}

export function createChatClient(deps: ChatDeps) {
  const store = create<ChatSnapshot>(() => initial());
  const core: ChatCore = { store, set: (patch) => store.setState(patch) };
  /** The reader's side, given at start: the other side's messages make a channel unread. */
  let side: 'merchant' | 'agent' | null = null;
  const addMessages = messageAdder(core);
  // The outbox and the connection need each other: the outbox sends over the connection, a new connection
  // flushes the outbox; both are made before any socket can open.
  const connection = createConnection(core, deps, {
    opened: () => outbox.flush(),
    frame: (frame) => read(frame),
  });
  const outbox = createOutbox(core, deps, connection.sendFrame);
  const read = frameReader(core, addMessages, outbox, () => side);

  return {
    store,

    /**
     * Starts the chat once (later calls do nothing while it runs).
     * @param as - the reader's side: a merchant's people, or the provider's agents
     */
    start(as: 'merchant' | 'agent') {
      side = as;
      connection.start();
    },

    /** "Try again" after a failed start, or a reconnect now instead of after the pause. */
    retry() {
      core.set({ error: null });
      connection.retry();
    },

    /** Ends the connection and forgets everything (logout, spec §4: chat sessions are reset). */
    stop() {
      connection.stop();
      outbox.clear();
      store.setState(initial(), true);
    },

    send: outbox.send,
    resend: outbox.resend,
    discard: outbox.discard,

    /** Messages read over HTTP (a channel's history) join those held. */
    addMessages,

    /** The reader has seen a channel up to a number: over the socket when open, else over HTTP. */
    async markRead(channelId: string, seq: number) {
      if (connection.sendFrame({ type: 'read', channel_id: channelId, seq })) return;
      const state = await api<Static<typeof State>>(
        'POST',
        `${BASE}/chat/channels/${encodeURIComponent(channelId)}/read`,
        {
          seq,
        },
      );
      core.set({ state });
    },
  };
}

export type ChatClient = ReturnType<typeof createChatClient>;

const socketUrl = (token: string, after: number | null) => {
  const { protocol, host } = window.location;
  const query = new URLSearchParams({ token });
  if (after !== null) query.set('after', String(after));
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}${BASE}/chat/socket?${query.toString()}`;
};

/** The app's chat: one connection per signed-in page, shared by the sidebar, the panel and the console. */
export const chat = createChatClient({
  token: () => api('GET', `${BASE}/chat-token`),
  connect: (url) => new WebSocket(url) as unknown as SocketLike,
  socketUrl,
  // getRandomValues, not randomUUID: the latter exists only on https and localhost pages.
  newId: () =>
    Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join(''),
  now: () => new Date(),
});

/** A slice of the chat's state, re-rendering when it changes. */
export const useChat = <T>(select: (s: ChatSnapshot) => T) => chat.store(select);

/** HTTP reads of the chat (history and the agents' queue). */
export const chatApi = {
  channels: () => api<Static<typeof Channels>>('GET', `${BASE}/chat/channels`),
  messages: (channelId: string, after = 0) =>
    api<Static<typeof ChannelMessages>>(
      'GET',
      `${BASE}/chat/channels/${encodeURIComponent(channelId)}/messages?after=${after}`,
    ),
  close: (channelId: string) =>
    api<Static<typeof ChannelAnswer>>(
      'POST',
      `${BASE}/chat/channels/${encodeURIComponent(channelId)}/close`,
      {},
    ),
};
