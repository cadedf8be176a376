import Decimal from 'decimal.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { ContractPosition, ContractRules } from '../../domain/protocol/contracts';
import type { MarketPatch, PositionFigures } from '../../domain/market-data/contract';
import type { WireLevel } from '../../domain/protocol/ws';
import type { Clock } from '../../workers/clock';
import { createMarketData } from '../../workers/market-data';
import { pick, rng, seedFromEnv } from '../support/random';
import { dbTargets } from '../support/server';
import { contractWorld, ok, SYMBOL, type ContractWorld, type Trader } from './contract-support';

/**
 * The server's position figures equal the worker's, by construction (both run domain/contracts'
 * figuresAt) — proven end to end: 1,000 seeded random positions opened over the API, then the real
 * worker code, connected to the same broker's WebSocket, follows them; at each mark the broker
 * emits, every figure the list answers equals the one the worker posts.
 */
const POSITIONS = 1_000;
const TRADERS = 10;
const ETH = 'ETHUSDT';
const FIGURES = [
  'mark',
  'notional',
  'unrealizedPnl',
  'roe',
  'maintenanceMargin',
  'marginRatio',
  'liquidationPrice',
] as const satisfies readonly (keyof PositionFigures)[];

/** 40 levels a side of 1,000 coins, one price step apart: every open fills near `price`. */
function deepBook(price: number): { bids: WireLevel[]; asks: WireLevel[] } {
  const bids: WireLevel[] = [];
  const asks: WireLevel[] = [];
  for (let i = 1; i <= 40; i++) {
    bids.push([`${price - i}.00`, '1000']);
    asks.push([`${price + i}.00`, '1000']);
  }
  return { bids, asks };
}

/** Real timers that can all be stopped, so the worker's loops and reconnects end with the test. */
function stoppableClock(): Clock & { stop(): void } {
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let stopped = false;
  return {
    now: () => Date.now(),
    setTimeout(run, ms) {
      if (stopped) return null;
      const id = setTimeout(() => {
        timers.delete(id);
        if (!stopped) run();
      }, ms);
      timers.add(id);
      return id;
    },
    clearTimeout(id) {
      clearTimeout(id as ReturnType<typeof setTimeout>);
      timers.delete(id as ReturnType<typeof setTimeout>);
    },
    stop() {
      stopped = true;
      for (const id of timers) clearTimeout(id);
      timers.clear();
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// On PGlite only: the claim is about the figures (domain/contracts on both sides), which the
// database only stores; the PostgreSQL run of the contract suites (contract-*.test.ts) covers
// storage, and this file's 1,000 opens cost the suite minutes a second time.
for (const target of dbTargets().filter((t) => t === 'pglite')) {
  describe(`contract figures, server and worker (${target})`, () => {
    let world: ContractWorld;
    let traders: Trader[];
    beforeAll(async () => {
      world = await contractWorld(target);
      traders = [];
      for (let i = 0; i < TRADERS; i++) traders.push(await world.trader('10000000'));
    });
    afterAll(async () => {
      await world.close();
    });

    const openPositions = async (): Promise<ContractPosition[]> => {
      const all: ContractPosition[] = [];
      for (const trader of traders) {
        for (let page = 1; ; page++) {
          const answer = ok<{ list: ContractPosition[]; total: number }>(
            await world.call('/coin/contract/order/list', trader.real, {
              status: 'open',
              page: String(page),
              size: '100',
            }),
          );
          all.push(...answer.list);
          if (page * 100 >= answer.total) break;
        }
      }
      return all;
    };

    const emitMarks = async (btc: string, eth: string) => {
      world.source.emitMark(SYMBOL, { mark: btc, funding: null });
      world.source.emitMark(ETH, { mark: eth, funding: null });
      await world.call('/test/contracts/settled', undefined);
    };

    it(`${POSITIONS} seeded positions: every figure the list answers equals the worker's`, async () => {
      const seed = seedFromEnv();
      const random = rng(seed);
      world.source.setBook(SYMBOL, 1_000, deepBook(50_000).bids, deepBook(50_000).asks);
      world.source.setBook(ETH, 1_000, deepBook(3_000).bids, deepBook(3_000).asks);
      const rules = ok<ContractRules>(await world.call('/coin/contract/order/multiple', traders[0]!.real));

      // Opens in small concurrent batches, as many users would: the writer groups them.
      for (let i = 0; i < POSITIONS; i += 10) {
        const batch = Array.from({ length: 10 }, (_, j) => {
          const trader = traders[(i + j) % TRADERS]!;
          const symbol = random() < 0.7 ? SYMBOL : ETH;
          const margin = new Decimal(1_000 + Math.floor(random() * 200_000)).div(100).toFixed();
          return world.call('/coin/contract/order/add', trader.real, {
            symbol,
            side: pick(random, ['long', 'short'] as const),
            leverage: String(pick(random, rules.choices)),
            margin,
            acceptRisk: '1',
          });
        });
        for (const answer of await Promise.all(batch))
          expect(answer.code, `seed ${seed}: ${JSON.stringify(answer)}`).toBe(0);
      }

      const clock = stoppableClock();
      const worker = createMarketData({
        WebSocket: WebSocket as unknown as typeof globalThis.WebSocket,
        clock,
      });
      const posted = new Map<string, PositionFigures>();
      let auth: MarketPatch['auth'];
      const pull = () => {
        const patch = worker.flush();
        if (patch?.auth) auth = patch.auth;
        for (const [id, figures] of Object.entries(patch?.positions ?? {}))
          if (figures) posted.set(id, figures);
      };
      const settle = async (until: () => boolean, what: string) => {
        for (let waited = 0; !until(); waited += 20) {
          if (waited > 20_000) throw new Error(`seed ${seed}: the worker never ${what}`);
          await sleep(20);
          pull();
        }
      };
      try {
        worker.connect({
          wsUrl: `${world.server.url.replace(/^http/, 'ws')}/ipxtrg-api/ws`,
          apiBase: world.server.api(''),
          locale: 'en-US',
        });
        worker.authenticate(traders[0]!.real);
        await settle(() => auth === 'authed', 'authenticated');

        for (const [btc, eth] of [
          ['49321.57', '2987.13'],
          ['50644.09', '3041.77'],
        ] as const) {
          await emitMarks(btc, eth);
          const server = await openPositions();
          expect(server, `seed ${seed}`).toHaveLength(POSITIONS);
          const markOf = (p: ContractPosition) => (p.symbol === SYMBOL ? btc : eth);
          for (const p of server) expect(p.mark, `seed ${seed}: position ${p.id}`).toBe(markOf(p));
          worker.setContractPositions(server, rules);
          await settle(
            () => server.every((p) => posted.get(p.id)?.mark === markOf(p)),
            `posted every position at ${btc} / ${eth}`,
          );
          let compared = 0;
          for (const p of server) {
            const live = posted.get(p.id)!;
            for (const field of FIGURES) {
              if (live[field] !== p[field])
                expect(live[field], `seed ${seed}: position ${p.id} ${field} at ${markOf(p)}`).toBe(p[field]);
              compared++;
            }
          }
          expect(compared).toBe(POSITIONS * FIGURES.length);
        }
      } finally {
        clock.stop();
        worker.setContractPositions([], rules);
      }
    }, 600_000);
  });
}
