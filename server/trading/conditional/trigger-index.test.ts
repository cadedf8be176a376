import { describe, expect, it } from 'vitest';
import { TriggerIndex, type TriggerEntry } from './trigger-index';

const owner = { userId: 1n, accountType: 'demo' as const };
const fixed = (id: number, direction: 'rise' | 'fall', trigger: string): TriggerEntry => ({
  id: BigInt(id),
  symbol: 'THYAO',
  direction,
  trigger,
  trail: null,
  owner,
});
const ids = (entries: TriggerEntry[]) => entries.map((e) => Number(e.id));

describe('trigger index', () => {
  it('fires only the triggers a trade crosses, each once', () => {
    const index = new TriggerIndex();
    [fixed(1, 'fall', '99'), fixed(2, 'fall', '97'), fixed(3, 'fall', '98'), fixed(4, 'rise', '105')].forEach(
      (e) => index.add(e),
    );
    index.add(fixed(5, 'rise', '102'));
    expect(ids(index.trade('THYAO', '100').fired)).toEqual([]);
    // 97.5 crosses 99 and 98 (nearest first), not 97.
    expect(ids(index.trade('THYAO', '97.5').fired)).toEqual([1, 3]);
    expect(ids(index.trade('THYAO', '97.5').fired)).toEqual([]);
    expect(ids(index.trade('THYAO', '110').fired)).toEqual([5, 4]);
    expect(index.size()).toBe(1);
    index.remove('THYAO', 2n);
    expect(index.has('THYAO')).toBe(false);
    expect(index.trade('GARAN', '1').fired).toEqual([]);
  });

  it('moves trailing stops with a new best and keeps them armed', () => {
    const index = new TriggerIndex();
    const trailing = (id: number, side: 'buy' | 'sell', best: string, trigger: string): TriggerEntry => ({
      id: BigInt(id),
      symbol: 'THYAO',
      direction: side === 'sell' ? 'fall' : 'rise',
      trigger,
      trail: { side, offset: { by: 'percent', value: '10' }, best, scale: 2 },
      owner,
    });
    index.add(trailing(1, 'sell', '100', '90'));
    index.add(trailing(2, 'sell', '110', '99'));
    index.add(trailing(3, 'buy', '100', '110'));
    // 105: a new best for 1 only (105 × 0.9 = 94.5); 3's best (lowest) stays 100.
    const first = index.trade('THYAO', '105');
    expect(ids(first.trailed)).toEqual([1]);
    expect(first.trailed[0]).toMatchObject({ trigger: '94.5', trail: { best: '105' } });
    // 95: 2's trigger 99 fires; 1 (94.5) waits; 95 is 3's new best: 95 × 1.1 = 104.5.
    const second = index.trade('THYAO', '95');
    expect(ids(second.fired)).toEqual([2]);
    expect(ids(second.trailed)).toEqual([3]);
    expect(second.trailed[0]!.trigger).toBe('104.5');
    expect(ids(index.trade('THYAO', '94.5').fired)).toEqual([1]);
    expect(ids(index.trade('THYAO', '104.5').fired)).toEqual([3]);
    expect(index.size()).toBe(0);
  });
});
