import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../tests/support/random';
import { QtyTable } from './book-table';

function get(table: QtyTable, key: number): string | undefined {
  const at = table.find(key);
  return at < 0 ? undefined : table.vals[at];
}

describe('QtyTable', () => {
  it('holds what a Map holds through adds and removals, for small, strided, negative and huge keys', () => {
    const seed = seedFromEnv();
    const random = rng(seed);
    // Strided keys share low bits; keys past 2^32 differ only in their high half; negatives too.
    const kinds = [
      () => Math.floor(random() * 200),
      () => Math.floor(random() * 300) * 1024,
      () => 2 ** 33 + Math.floor(random() * 300) * 2 ** 32,
      () => -Math.floor(random() * 300) - 1,
      () => Math.floor(random() * 2 ** 52),
    ];
    for (let run = 0; run < kinds.length; run++) {
      const key = kinds[run]!;
      const table = new QtyTable();
      const model = new Map<number, string>();
      for (let step = 0; step < 6_000; step++) {
        const where = `seed ${seed}, run ${run}, step ${step}`;
        const k = key();
        if (random() < 0.45) {
          const at = table.find(k);
          expect(at >= 0, where).toBe(model.has(k));
          if (at >= 0) table.removeAt(at);
          model.delete(k);
        } else {
          const value = `${Math.floor(random() * 2 ** 31) - 2 ** 30}`;
          expect(table.put(k, value), where).toBe(!model.has(k));
          model.set(k, value);
        }
        expect(table.size, where).toBe(model.size);
        if (step % 97 === 0)
          for (const [k2, v] of model) expect(get(table, k2), `${where}, key ${k2}`).toBe(v);
      }
      for (const [k, v] of model) expect(get(table, k)).toBe(v);
      expect(table.find(0.5)).toBe(-1); // never held
      // A scan of the keys sees exactly the held ones, and sortedKeys lists them in order.
      expect([...table.sortedKeys()]).toEqual([...model.keys()].sort((a, b) => a - b));
      expect([...table.keys].filter((k) => k === k).sort((a, b) => a - b)).toEqual(
        [...model.keys()].sort((a, b) => a - b),
      );
    }
  });

  it('starts empty again after clear, and put then finds what it added', () => {
    const table = new QtyTable();
    for (let k = 0; k < 1_000; k++) table.put(k * 7, `${k}`);
    expect(table.size).toBe(1_000);
    expect(get(table, 7 * 999)).toBe('999');
    table.clear();
    expect(table.size).toBe(0);
    expect(table.find(7)).toBe(-1);
  });
});
