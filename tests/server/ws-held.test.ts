import { describe, expect, it } from 'vitest';
import type { ServerMessage } from '../../domain/protocol/ws';
import type { MarketSource } from '../../server/market/source';
import { Connection, type SocketLike } from '../../server/ws/connection';
import { Hub, type HubClock } from '../../server/ws/hub';
import { instrument, scriptedSource } from '../support/scripted-source';

// A subscription to a catalogue symbol while the node's market loads (a cluster node changing
// hands: server/cluster/switch-market.ts) is held, not refused; the socket's other frames are
// answered meanwhile, an unsub drops the hold, holds count toward the socket's cap, and one past
// its wait is refused MARKET_LOADING at the hub's beat.

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const noAuth = () => Promise.reject(new Error('no sessions here'));
const CATALOGUE = ['THYAO', 'GARAN', 'AKBNK'];

/** A market that has no instruments until `load()`; its catalogue is known before. */
function loadingMarket() {
  const source = scriptedSource(CATALOGUE.map((symbol) => instrument(symbol)));
  for (const symbol of CATALOGUE) source.setTicker(symbol, { last: '10.50' });
  let loaded = false;
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  const market: MarketSource = {
    ...source,
    instrument: (symbol) => (loaded ? source.instrument(symbol) : undefined),
    instrumentPending: (symbol) => (loaded || !CATALOGUE.includes(symbol ?? '') ? null : arrived),
  };
  return {
    market,
    load() {
      loaded = true;
      arrive();
    },
  };
}

function setup(options: { maxSubscriptions?: number; instrumentWaitMs?: number } = {}) {
  let now = 1_000_000;
  let beat = () => {};
  const clock: HubClock = { now: () => now, setInterval: (fn) => ((beat = fn), 1), clearInterval: () => {} };
  const { market, load } = loadingMarket();
  const hub = new Hub(market, { clock, ...options });
  const sent: ServerMessage[] = [];
  const socket: SocketLike = {
    bufferedAmount: 0,
    readyState: 1,
    send: (data) => void sent.push(JSON.parse(data) as ServerMessage),
    terminate: () => {},
  };
  const connection = new Connection(hub, socket, 'tr-TR', noAuth);
  const frame = (message: object) => connection.receive(JSON.stringify(message));
  const later = (ms: number) => {
    now += ms;
    beat();
  };
  const answers = () => sent.filter((m) => m.op !== 'data' && m.op !== 'hb');
  return { sent, frame, later, load, answers };
}

describe('a subscription while the market loads', () => {
  it('is held while the socket goes on being answered, and answered with its snapshot once loaded', async () => {
    const { sent, frame, load, answers } = setup();
    frame({ op: 'sub', ch: 'ticker', symbol: 'THYAO' });
    frame({ op: 'sub', ch: 'ticker', symbol: 'NOPE' });
    frame({ op: 'ping', ts: 5 });
    await settle();
    expect(answers()).toMatchObject([
      { op: 'error', key: 'UNKNOWN_SYMBOL', symbol: 'NOPE' },
      { op: 'pong', echo: 5 },
    ]);
    load();
    await settle();
    await settle();
    expect(answers().at(-1)).toEqual({ op: 'subscribed', ch: 'ticker', symbol: 'THYAO' });
    expect(sent.at(-1)).toMatchObject({ op: 'data', ch: 'ticker', s: 'THYAO', snap: true, last: '10.50' });
  });

  it('is dropped by an unsub, and counts toward the cap while held', async () => {
    const { frame, load, answers } = setup({ maxSubscriptions: 2 });
    frame({ op: 'sub', ch: 'ticker', symbol: 'THYAO' });
    frame({ op: 'sub', ch: 'book', symbol: 'GARAN' });
    frame({ op: 'sub', ch: 'trades', symbol: 'AKBNK' });
    frame({ op: 'unsub', ch: 'book', symbol: 'GARAN' });
    await settle();
    expect(answers()).toMatchObject([
      { op: 'error', key: 'TOO_MANY_SUBSCRIPTIONS', symbol: 'AKBNK' },
      { op: 'unsubscribed', ch: 'book', symbol: 'GARAN' },
    ]);
    load();
    await settle();
    await settle();
    const subscribed = answers().filter((m) => m.op === 'subscribed');
    expect(subscribed).toEqual([{ op: 'subscribed', ch: 'ticker', symbol: 'THYAO' }]);
  });

  it("is refused MARKET_LOADING, in the reader's language, once its wait is over; asked again, answered", async () => {
    const { frame, later, load, answers } = setup({ instrumentWaitMs: 5_000 });
    frame({ op: 'sub', ch: 'ticker', symbol: 'GARAN' });
    await settle();
    later(4_000);
    expect(answers()).toEqual([]);
    later(1_000);
    expect(answers()).toMatchObject([
      {
        op: 'error',
        key: 'MARKET_LOADING',
        ch: 'ticker',
        symbol: 'GARAN',
        msg: expect.stringMatching(/yükleniyor/),
      },
    ]);
    // The hold is gone: the market's arrival answers nothing more until the client asks again.
    load();
    await settle();
    expect(answers()).toHaveLength(1);
    frame({ op: 'sub', ch: 'ticker', symbol: 'GARAN' });
    await settle();
    expect(answers().at(-1)).toEqual({ op: 'subscribed', ch: 'ticker', symbol: 'GARAN' });
  });
});
