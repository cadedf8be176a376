import { afterAll, beforeAll, expect } from 'vitest';
import { parseConditionalEvent, type ConditionalOrder } from '../../domain/protocol/conditional';
import type { Message } from '../../domain/protocol/content';
import type { ServerMessage } from '../../domain/protocol/ws';
import { startPushService, type PushService, type TestSubscription } from '../support/push-service';
import { instrument, scriptedSource } from '../support/scripted-source';
import { startServer, type DbTarget } from '../support/server';
import { openSocket, type WsClient } from '../support/ws-client';
import { conditionalApi, until } from './conditional-support';
import { api, MONDAY_NOON, stockBook, trader, type Lang, type SpotWorld, type Trader } from './spot-support';

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
  /** Waits for `n` events of legs that ended (placing is told too, as pending), and gives those. */
  endingsUntil(n: number): Promise<ConditionalOrder[]>;
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
    endingsUntil: (n) =>
      until(
        async () => events().filter((e) => e.state !== 'pending'),
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

/**
 * A describe block's broker, push service and sockets, started before its tests and closed
 * after: `holder` makes a trader holding THYAO and listens to them, `add` places a conditional
 * order of 10 THYAO, `reset` puts the book and the price back.
 */
export function toldSuite(target: DbTarget) {
  let world: SpotWorld | undefined;
  let push: PushService | undefined;
  const listeners: Listener[] = [];
  beforeAll(async () => {
    world = await toldWorld(target);
    push = await startPushService();
  });
  afterAll(async () => {
    await Promise.all(listeners.map((l) => l.socket.close()));
    await world?.close();
    await push?.close();
  });
  const started = () => {
    if (!world || !push) throw new Error('the suite has not started');
    return { world, push, cond: conditionalApi(world) };
  };
  const reset = () => {
    const { world: w } = started();
    stockBook(w.source);
    w.source.setTicker('THYAO', { last: '100.00', prev: '100.00' });
  };
  const adopt = (told: Listener) => void listeners.push(told);
  return {
    started,
    reset,
    adopt,
    /** A trader holding `shares` THYAO (bought at market), listened to. */
    async holder(shares: string, lang: Lang = 'en-US', settings: Record<string, string> = {}) {
      const { world: w, push: p } = started();
      const me = await trader(w.db);
      reset();
      const bought = await api(w).post('/stock/order/buy', me.token, {
        symbol: 'THYAO',
        type: 'market',
        quantity: shares,
      });
      expect(bought.code).toBe(0);
      reset();
      const told = await listen(w, p, me, lang, settings);
      adopt(told);
      return { me, told };
    },
    async add(me: Trader, fields: Record<string, string>) {
      const placed = await started().cond.add(me, { symbol: 'THYAO', quantity: '10', ...fields });
      expect(placed.code).toBe(0);
      return placed.data.list;
    },
  };
}
