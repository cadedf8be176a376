import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { levelsOf, outcomeOf, trackRecordOf, type Outcome } from '../../domain/advice/levels';
import { ADVICE_PARAMS, signalsOf } from '../../domain/advice/signals';
import { ADVICE_KINDS, type AdviceList, type VipStatus } from '../../domain/protocol/membership';
import { createMarket } from '../../server/market/create';
import type { MarketSource } from '../../server/market/source';
import { closedBars } from '../../server/membership/advice';
import { startServer, testMarket, type TestServer } from '../support/server';
import { investor } from './ipo-support';
import { untouchedMembership } from './membership-support';
import { api } from './spot-support';

/**
 * Trading advice over the seeded simulator's own daily history. Its subject — rules over the
 * market source's candles — does not depend on the storage, so it runs on PGlite only (as
 * contract-wire-equality does). The record is recomputed here from the same candles with the
 * domain's rules, outcome by outcome, and must match what the server answers.
 */
describe('trading advice on the simulator (PGlite)', () => {
  let server: TestServer;
  let market: MarketSource;
  let call: ReturnType<typeof api>;
  beforeAll(async () => {
    market = createMarket(testMarket);
    market.start();
    server = await startServer('pglite', { source: market });
    call = api({ server } as never);
  });
  afterAll(async () => {
    await server?.close();
    market?.stop();
  });

  it('invites a non-member instead of answering, changing nothing', async () => {
    const u = await investor(server.database.db, '0');
    const before = await untouchedMembership(server.database.db, u.userId);
    expect(await call.get('/stock/advice/list', u.token, {}, 'tr-TR')).toMatchObject({
      code: -1001,
      key: 'VIP_REQUIRED',
      msg: 'İşlem önerileri VIP üyeler içindir. Ücretsiz denemenizi başlatın ya da VIP olun.',
    });
    expect(await untouchedMembership(server.database.db, u.userId)).toEqual(before);
  });

  it('answers a member advice on closed bars and a track record the rules recompute exactly', async () => {
    const u = await investor(server.database.db, '0');
    expect((await call.post<VipStatus>('/user/vip/buy', u.token, { plan: 'trial' })).code).toBe(0);
    const answer = await call.get<AdviceList>('/stock/advice/list', u.token);
    expect(answer.code, JSON.stringify(answer).slice(0, 300)).toBe(0);
    const advice = answer.data;
    expect(advice).toMatchObject({ historyBars: 400, horizonBars: 20, stopLookback: 10, rewardRisk: 2 });

    const outcomes = new Map<string, Outcome[]>(ADVICE_KINDS.map((k) => [k, []]));
    const stocks = market.instruments().filter((i) => i.market === 'stock' && i.country === 'TR');
    for (const stock of stocks) {
      const bars = closedBars(market, stock.symbol, advice.generatedAt);
      expect(bars.length).toBe(400);
      for (const kind of ADVICE_KINDS)
        for (const s of signalsOf(bars, kind)) {
          const levels = levelsOf(bars, s.index, ADVICE_PARAMS, stock.priceScale);
          const outcome = levels && outcomeOf(bars, s.index, levels, ADVICE_PARAMS.horizon);
          if (outcome) outcomes.get(kind)?.push(outcome);
        }
    }
    const expected = ADVICE_KINDS.map((kind) => ({ kind, ...trackRecordOf(outcomes.get(kind) ?? []) }));
    expect(advice.records).toEqual(expected);
    // 400 days of ~all BIST stocks give every rule a history to be judged by.
    for (const r of advice.records) expect(r.signals, r.kind).toBeGreaterThan(10);

    // Every current piece of advice: a signal on one of the last closed bars, stop < entry < target.
    for (const a of advice.list) {
      const bars = closedBars(market, a.symbol, advice.generatedAt);
      const index = bars.findIndex((b) => b.t === a.signalAt);
      expect(index, `${a.symbol} ${a.kind}`).toBeGreaterThanOrEqual(bars.length - 5);
      expect(signalsOf(bars, a.kind).some((s) => s.index === index)).toBe(true);
      expect(Number(a.stop)).toBeLessThan(Number(a.entry));
      expect(Number(a.target)).toBeGreaterThan(Number(a.entry));
      expect(a.entry).toBe(bars[index]?.c);
    }
    // Closed bars change once a day: a second request is answered from the day's computation.
    const again = await call.get<AdviceList>('/stock/advice/list', u.token);
    expect(again.data).toEqual(advice);
  });
});
