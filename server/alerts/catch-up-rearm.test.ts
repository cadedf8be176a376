import { describe, expect, it } from 'vitest';
import type { Trade } from '../../domain/protocol/market';
import { catchUpPrices } from './catch-up';
import type { StoredAlert } from './store';

const print = (t: number, price: string): Trade => ({ id: String(t), t, price, qty: '1', side: 'buy' });

/** Above 311, fired once at 2 s and saved armed again since (its fire's time kept). */
const refiredAbove311 = (id: bigint): StoredAlert => ({
  id,
  userId: 7n,
  accountType: 'demo',
  symbol: 'THYAO',
  kind: 'above',
  threshold: '311',
  windowMinutes: null,
  armed: true,
  restingUntil: null,
  firedCount: 1,
  lastFiredAt: 2000,
  createdAt: new Date(500),
});

const told = (c: { fired: boolean; price: string; t: number }) =>
  `${c.fired ? 'fire' : 'rearm'} ${c.price}@${c.t}`;

/**
 * An alert fired, then re-armed later (a re-arm is saved armed, its fire's time kept): the tape
 * from the fire on starts from the state the fire left, disarmed, so a recross before the re-arm
 * level was reached stays quiet, as it did live.
 */
describe('a price alert re-armed after its fire, caught up from the tape', () => {
  it('is told only of the crossings the live engine would have made', () => {
    // Above 311 (re-arm at 311 × 0.995 = 309.445): fired live on 310 → 312 at 2 s; 310.5 at 3 s
    // does not re-arm it, so 311.5 at 4 s fired nothing live; 309 at 5 s re-armed it (saved).
    const tape = [
      print(1000, '310'),
      print(2000, '312'),
      print(3000, '310.5'),
      print(4000, '311.5'),
      print(5000, '309'),
    ];
    const market = {
      trades: (symbol: string, limit: number) => (symbol === 'THYAO' ? tape.slice(-limit) : []),
    };
    const { armed, crossings } = catchUpPrices(market, [refiredAbove311(1n)]);
    expect(crossings.map(told)).toEqual(['rearm 309@5000']);
    expect(armed.get('1')).toBe(true);
  });

  it('keeps its stored state when the tape holds nothing from before its fire', () => {
    // The tape starts after the fire: what happened between is unknown, the stored re-arm stands.
    const tape = [print(3000, '309'), print(4000, '311.5')];
    const market = { trades: () => tape };
    const { armed, crossings } = catchUpPrices(market, [refiredAbove311(2n)]);
    expect(crossings.map(told)).toEqual(['fire 311.5@4000']);
    expect(armed.get('2')).toBe(false);
  });
});
