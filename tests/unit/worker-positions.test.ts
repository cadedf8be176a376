import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { positionFigures } from '../../domain/contracts/figures';
import type { ContractRules } from '../../domain/protocol/contracts';
import type {
  AccountDataApi,
  LivePositionInput,
  MarketDataApi,
  MarketPatch,
  PrivateEvent,
} from '../../domain/market-data/contract';
// The poller's reads and the live positions load lazily, which virtual time cannot wait for: load
// them up front.
import '../../workers/rest-poll';
import '../../workers/live-positions';
import type { Clock } from '../../workers/clock';
import { createMarketData, TEARDOWN_MS } from '../../workers/market-data';
import { rng } from '../support/random';
import { AccountSim } from './worker-positions-server';

const clock: Clock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
};
const rules: Pick<ContractRules, 'feeRate' | 'liquidationFeeRate' | 'tiers'> = {
  feeRate: '0.0005',
  liquidationFeeRate: '0.005',
  tiers: [
    { maxNotional: '50000', mmr: '0.005', deduction: '0' },
    { maxNotional: '250000', mmr: '0.01', deduction: '250' },
    { maxNotional: null, mmr: '0.025', deduction: '4000' },
  ],
};
type Api = MarketDataApi & AccountDataApi;

let sim: AccountSim;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: 1_790_000_000_000 });
  sim = new AccountSim({ BTCUSDT: 2, ETHUSDT: 2 }, { '7': 'token-seven', '8': 'token-eight' });
});
afterEach(() => {
  sim.disconnectAll();
  vi.clearAllTimers();
  vi.useRealTimers();
});

function connected(): Api {
  const api = createMarketData({ WebSocket: sim.socketClass(), fetch: sim.fetch, clock, random: rng(5) });
  api.connect({ wsUrl: 'ws://sim/ipxtrg-api/ws', apiBase: 'http://sim/ipxtrg-api', locale: 'en-US' });
  return api;
}

/** Virtual time in 20 ms frames, flushing like the main thread does; returns the patches. */
async function advance(ms: number, api: Api): Promise<MarketPatch[]> {
  const patches: MarketPatch[] = [];
  for (let t = 0; t < ms; t += 20) {
    vi.advanceTimersByTime(20);
    for (let i = 0; i < 6; i++) await Promise.resolve();
    const patch = api.flush();
    if (patch) patches.push(patch);
  }
  return patches;
}
const events = (patches: MarketPatch[]): PrivateEvent[] => patches.flatMap((p) => p.events ?? []);
const auths = (patches: MarketPatch[]) => patches.flatMap((p) => (p.auth ? [p.auth] : []));
const privateSubs = () => sim.frames().filter((f) => f.symbol === undefined && f.op !== 'auth');
const resyncs = ['messages', 'orders', 'balances', 'positions', 'records', 'alerts'].map((ch) => ({
  ch,
  resync: true,
}));

describe('worker private channel', () => {
  it('authenticates on open, subscribes every private channel, delivers events in order', async () => {
    const api = connected();
    api.authenticate('token-seven');
    // What the page sees at once (the socket dials on a timer), then over the next 200 ms.
    const start = [api.flush()!, ...(await advance(200, api))];
    expect(sim.frames('auth')).toEqual([{ op: 'auth', token: 'token-seven' }]);
    expect(privateSubs().map((f) => [f.op, f.ch])).toEqual([
      ['sub', 'messages'],
      ['sub', 'orders'],
      ['sub', 'balances'],
      ['sub', 'positions'],
      ['sub', 'records'],
      ['sub', 'alerts'],
    ]);
    expect(auths(start)).toEqual(['pending', 'authed']);
    // A fresh subscription may have missed something: every channel asks its screen to refetch.
    expect(events(start)).toEqual(resyncs);
    sim.publish('7', 'orders', { n: 1 });
    sim.publish('8', 'orders', { n: 'not mine' });
    sim.publish('7', 'positions', { n: 2 });
    sim.publish('7', 'orders', { n: 3 });
    expect(events(await advance(100, api))).toEqual([
      { ch: 'orders', data: { n: 1 } },
      { ch: 'positions', data: { n: 2 } },
      { ch: 'orders', data: { n: 3 } },
    ]);
  });

  it('re-authenticates after a reconnect and says a lost event means refetch', async () => {
    const api = connected();
    api.authenticate('token-seven');
    await advance(200, api);
    sim.publish('7', 'balances', { n: 1 }, { skip: true });
    sim.publish('7', 'balances', { n: 2 });
    expect(events(await advance(100, api))).toEqual([
      { ch: 'balances', resync: true },
      { ch: 'balances', data: { n: 2 } },
    ]);
    sim.disconnectAll();
    const back = await advance(2_000, api);
    expect(sim.frames('auth')).toHaveLength(2);
    expect(auths(back)).toEqual(['pending', 'authed']);
    expect(events(back)).toEqual(resyncs);
    sim.publish('7', 'messages', { n: 3 });
    expect(events(await advance(100, api))).toEqual([{ ch: 'messages', data: { n: 3 } }]);
  });

  it('follows the session: another token switches identity, none unsubscribes, a bad one fails', async () => {
    const api = connected();
    api.authenticate('token-seven');
    await advance(200, api);
    // Sent before the switch, arriving after it: the worker no longer speaks for user 7.
    sim.publish('7', 'orders', { n: 'old user' });
    api.authenticate('token-eight');
    expect(api.flush()?.auth).toBe('pending');
    const switched = await advance(200, api);
    expect(auths(switched)).toEqual(['authed']);
    expect(events(switched)).toEqual(resyncs);
    sim.publish('8', 'orders', { n: 1 });
    expect(events(await advance(100, api))).toEqual([{ ch: 'orders', data: { n: 1 } }]);

    api.authenticate(null);
    const out = await advance(100, api);
    expect(auths(out)).toEqual(['none']);
    expect(
      privateSubs()
        .slice(-4)
        .map((f) => f.op),
    ).toEqual(['unsub', 'unsub', 'unsub', 'unsub']);
    sim.publish('8', 'orders', { n: 2 });
    expect(events(await advance(100, api))).toEqual([]);

    api.authenticate('expired');
    expect(auths(await advance(100, api))).toEqual(['failed']);
    api.authenticate('');
    expect(auths(await advance(100, api))).toEqual(['none']);
  });
});

const long: LivePositionInput = {
  id: '1',
  symbol: 'BTCUSDT',
  side: 'long',
  qty: '0.5',
  entryPrice: '100',
  margin: '5',
};
const short: LivePositionInput = {
  id: '2',
  symbol: 'BTCUSDT',
  side: 'short',
  qty: '2',
  entryPrice: '100',
  margin: '40',
};
const eth: LivePositionInput = {
  id: '3',
  symbol: 'ETHUSDT',
  side: 'long',
  qty: '1',
  entryPrice: '100',
  margin: '100',
};

describe('worker live positions', () => {
  it("follows the positions' marks and posts the figures the server answers with", async () => {
    const api = connected();
    api.setContractPositions([long, short, eth], rules);
    const first = await advance(200, api);
    const marks = sim.frames('sub').filter((f) => f.ch === 'mark');
    expect(marks.map((f) => f.symbol).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    const posted = Object.assign({}, ...first.map((p) => p.positions ?? {})) as MarketPatch['positions'];
    expect(posted).toEqual({
      '1': positionFigures(long, '100', rules, 2),
      '2': positionFigures(short, '100', rules, 2),
      '3': positionFigures(eth, '100', rules, 2),
    });
    sim.setMark('BTCUSDT', '97.13');
    const tick = await advance(40, api);
    expect(tick.map((p) => p.positions)).toEqual([
      { '1': positionFigures(long, '97.13', rules, 2), '2': positionFigures(short, '97.13', rules, 2) },
    ]);
    // (50 − 5) ÷ (0.5 × (1 − 0.005 − 0.0055)): the liquidation close's 0.55% fee is reserved.
    expect(tick[0]?.positions?.['1']?.liquidationPrice).toBe('90.96');
  });

  it('positions followed after their mark is already streaming get figures from the last mark', async () => {
    // The contract maths load with the first position (workers/account-data.ts): the marks that
    // came before must not be lost, or the figures would wait for the next tick.
    const api = connected();
    api.subscribe({ kind: 'mark', market: 'coin', symbol: 'BTCUSDT' });
    sim.setMark('BTCUSDT', '97.13');
    await advance(200, api);
    const subs = sim.frames('sub').length;
    api.setContractPositions([long], rules);
    const after = await advance(200, api);
    expect(sim.frames('sub')).toHaveLength(subs);
    expect(after.map((p) => p.positions)).toEqual([{ '1': positionFigures(long, '97.13', rules, 2) }]);
  });

  it('posts nothing when a tick leaves every figure as it was', async () => {
    const api = connected();
    api.setContractPositions([long], rules);
    await advance(200, api);
    sim.setMark('BTCUSDT', '100');
    const same = await advance(40, api);
    expect(same.some((p) => p.marks?.BTCUSDT)).toBe(true);
    expect(same.some((p) => p.positions)).toBe(false);
  });

  it('a changed list re-posts changed positions, drops removed ones and releases their marks', async () => {
    const api = connected();
    api.setContractPositions([long, eth], rules);
    await advance(200, api);
    const added = { ...long, margin: '10' };
    api.setContractPositions([added], rules);
    const after = await advance(40, api);
    expect(after.map((p) => p.positions)).toEqual([
      { '3': null, '1': positionFigures(added, '100', rules, 2) },
    ]);
    await advance(TEARDOWN_MS + 100, api);
    expect(sim.frames('unsub').map((f) => f.symbol)).toEqual(['ETHUSDT']);
    sim.setMark('ETHUSDT', '120');
    expect((await advance(40, api)).some((p) => p.positions)).toBe(false);
  });
});
