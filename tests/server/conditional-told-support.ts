import { expect } from 'vitest';
import { parseConditionalEvent, type ConditionalOrder } from '../../domain/protocol/conditional';
import type { Message } from '../../domain/protocol/content';
import type { ServerMessage } from '../../domain/protocol/ws';
import type { PushService, TestSubscription } from '../support/push-service';
import { instrument, scriptedSource } from '../support/scripted-source';
import { startServer, type DbTarget } from '../support/server';
import { openSocket, type WsClient } from '../support/ws-client';
import { until } from './conditional-support';
import { api, MONDAY_NOON, type Lang, type SpotWorld, type Trader } from './spot-support';

/**
 * spotWorld's broker (THYAO at 100.00, Monday noon in virtual time) whose guard lets pushes
 * reach a push service on loopback, as the tests' local one is.
 */
export async function toldWorld(target: DbTarget): Promise<SpotWorld> {
  let t = MONDAY_NOON;
  const clock = { now: () => t, set: (v: number) => void (t = v), advance: (ms: number) => void (t += ms) };
  const source = scriptedSource([instrument('THYAO', { name: 'Türk Hava Yolları' })], clock.now);
  source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
  const server = await startServer(target, { source, clock, outbound: { allowLoopback: true } });
  return { server, source, clock, db: server.database.db, close: () => server.close() };
}

/** A subscription as the browser's PushSubscription.toJSON() gives it. */
const json = (sub: TestSubscription) =>
  JSON.stringify({
    endpoint: sub.endpoint,
    expirationTime: null,
    keys: { p256dh: sub.p256dh, auth: sub.auth },
  });

/** A pushed notification as the service worker reads it. */
export type Pushed = { title: string; body: string; tag: string; url: string };

/** One user's three ways of being told: their socket, their message centre, their browser's pushes. */
export type Listener = {
  socket: WsClient;
  /** The conditional legs the `orders` channel carried so far, oldest first. */
  events(): ConditionalOrder[];
  /** Waits for `n` conditional events on the socket. */
  eventsUntil(n: number): Promise<ConditionalOrder[]>;
  /** The pushes this user's browser received so far, decrypted. */
  pushes(): Pushed[];
  /** Waits until `n` pushes arrived, then a moment more, so a second one would be seen. */
  pushesUntil(n: number): Promise<Pushed[]>;
  /** The message centre's list, read in `lang`. */
  inbox(lang?: Lang): Promise<Message[]>;
  /** The `messages` events the socket carried so far. */
  messageEvents(): unknown[];
};

const isPrivate = (ch: string) => (f: ServerMessage) => f.op === 'private' && f.ch === ch;

/**
 * Signs `me` in on a real socket (orders and messages) and subscribes a browser of theirs, in
 * `lang`, to a local push service; `settings`: the notification choices sent with it.
 */
export async function listen(
  world: SpotWorld,
  push: PushService,
  me: Trader,
  lang: Lang = 'en-US',
  settings: Record<string, string> = {},
): Promise<Listener> {
  const sub = push.subscription();
  const subscribed = await api(world).post(
    '/user/push/subscribe',
    me.token,
    { subscription: json(sub), ...settings },
    lang,
  );
  expect(subscribed.code).toBe(0);
  const socket = await openSocket(world.server.url);
  socket.send({ op: 'auth', token: me.token });
  await socket.next((f) => f.op === 'authed');
  for (const ch of ['orders', 'messages']) socket.send({ op: 'sub', ch });
  for (let i = 0; i < 2; i++) await socket.next((f) => f.op === 'subscribed');
  const events = () =>
    socket.frames
      .filter(isPrivate('orders'))
      .map((f) => parseConditionalEvent((f as { data: unknown }).data))
      .filter((o): o is ConditionalOrder => o !== null);
  const pushes = () =>
    push.received
      .filter((r) => sub.endpoint.endsWith(r.path))
      .map((r) => JSON.parse(sub.decrypt(r.body)) as Pushed);
  return {
    socket,
    events,
    eventsUntil: (n) =>
      until(
        async () => events(),
        (e) => e.length >= n,
      ),
    pushes,
    async pushesUntil(n) {
      await until(
        async () => pushes(),
        (p) => p.length >= n,
      );
      await new Promise((r) => setTimeout(r, 300));
      return pushes();
    },
    async inbox(readIn: Lang = 'en-US') {
      const answer = await api(world).post<{ list: Message[] }>(
        '/user/message/list',
        me.token,
        { page: '1', size: '20' },
        readIn,
      );
      expect(answer.code).toBe(0);
      return answer.data.list;
    },
    messageEvents: () =>
      socket.frames.filter(isPrivate('messages')).map((f) => (f as { data: unknown }).data),
  };
}
