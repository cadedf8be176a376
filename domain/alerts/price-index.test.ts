import { describe, expect, it } from 'vitest';
import { pick, rng, seedFromEnv } from '../../tests/support/random';
import { createPriceIndex, scanCrossings, type Crossing, type PriceAlert } from './price-index';

const alert = (id: string, kind: 'above' | 'below', threshold: string, symbol = 'THYAO'): PriceAlert => ({
  id,
  symbol,
  kind,
  threshold,
  armed: true,
});

describe('the price index', () => {
  it('fires exactly the levels a tick crossed, once, in the order the price met them', () => {
    const index = createPriceIndex();
    index.add(alert('a', 'above', '312.50'));
    index.add(alert('b', 'above', '311'));
    index.add(alert('c', 'above', '320'));
    index.add(alert('d', 'below', '300'));
    index.add(alert('e', 'above', '312.50', 'ASELS'));
    // 310 → 312.50: b (311) then a (312.50); not c, not d, not ASELS's.
    expect(index.tick('THYAO', '310', '312.50')).toEqual([
      { id: 'b', fired: true },
      { id: 'a', fired: true },
    ]);
    // Higher again: nothing new below 320, and a and b do not fire twice.
    expect(index.tick('THYAO', '312.50', '315')).toEqual([]);
    expect(index.tick('THYAO', '315', '312.60')).toEqual([]);
    // Down to 299: d fires; a re-arms at 310.9375 and b at 309.445 on the way.
    expect(index.tick('THYAO', '312.60', '299')).toEqual([
      { id: 'a', fired: false },
      { id: 'b', fired: false },
      { id: 'd', fired: true },
    ]);
    expect(index.armed('a')).toBe(true);
    expect(index.armed('d')).toBe(false);
    // Up again past 312.50: b and a fire a second time; d re-arms at 301.5 first.
    expect(index.tick('THYAO', '299', '313')).toEqual([
      { id: 'd', fired: false },
      { id: 'b', fired: true },
      { id: 'a', fired: true },
    ]);
  });

  it('does not re-arm on a wiggle inside the hysteresis', () => {
    const index = createPriceIndex();
    index.add(alert('a', 'above', '100'));
    expect(index.tick('THYAO', '99.90', '100.00')).toEqual([{ id: 'a', fired: true }]);
    // 99.50 is the re-arm level: 99.51 is not there yet, so 100 does not fire again.
    expect(index.tick('THYAO', '100.00', '99.51')).toEqual([]);
    expect(index.tick('THYAO', '99.51', '100.20')).toEqual([]);
    expect(index.tick('THYAO', '100.20', '99.50')).toEqual([{ id: 'a', fired: false }]);
    expect(index.tick('THYAO', '99.50', '100')).toEqual([{ id: 'a', fired: true }]);
  });

  it('forgets a removed alert, and keeps the others sharing its level', () => {
    const index = createPriceIndex();
    index.add(alert('a', 'above', '50'));
    index.add(alert('b', 'above', '50'));
    index.remove('a');
    expect(index.size()).toBe(1);
    expect(index.tick('THYAO', '49', '51')).toEqual([{ id: 'b', fired: true }]);
  });

  it('agrees with the alert-by-alert scan on random walks (seeded)', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    const symbols = ['AAA', 'BBB', 'CCC'];
    const alerts: PriceAlert[] = [];
    const index = createPriceIndex();
    for (let i = 0; i < 300; i++) {
      const a = alert(
        String(i),
        pick(random, ['above', 'below'] as const),
        (90 + Math.floor(random() * 2000) / 100).toFixed(2),
        pick(random, symbols),
      );
      alerts.push(a);
      index.add({ ...a });
    }
    const price = new Map(symbols.map((s) => [s, '100.00']));
    const byId = (x: Crossing, y: Crossing) => Number(x.id) - Number(y.id);
    for (let step = 0; step < 500; step++) {
      const symbol = pick(random, symbols);
      const from = price.get(symbol) ?? '100.00';
      const to = Math.min(115, Math.max(85, Number(from) + (random() - 0.5) * 8)).toFixed(2);
      price.set(symbol, to);
      const ours = index.tick(symbol, from, to).sort(byId);
      const scan = scanCrossings(alerts, symbol, from, to).sort(byId);
      expect(ours, `seed ${seed}, step ${step}: ${symbol} ${from} → ${to}`).toEqual(scan);
    }
  });
});
