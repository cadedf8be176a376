import { describe, expect, it } from 'vitest';
import { rng, seedFromEnv } from '../tests/support/random';
import { IntTable } from './book-table';

describe('IntTable', () => {
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
      const table = new IntTable();
      const model = new Map<number, number>();
      for (let step = 0; step < 6_000; step++) {
        const where = `seed ${seed}, run ${run}, step ${step}`;
        const k = key();
        if (random() < 0.45) {
          const at = table.find(k);
          expect(at >= 0, where).toBe(model.has(k));
          if (at >= 0) table.removeAt(at);
          model.delete(k);
        } else {
          const value = Math.floor(random() * 2 ** 31) - 2 ** 30;
          const at = table.add(k);
          expect(table.added, where).toBe(!model.has(k));
          table.vals[at] = value;
          model.set(k, value);
        }
        expect(table.size, where).toBe(model.size);
        if (step % 97 === 0)
          for (const [k2, v] of model) expect(table.get(k2, 12345), `${where}, key ${k2}`).toBe(v);
      }
      for (const [k, v] of model) expect(table.get(k, 12345)).toBe(v);
      expect(table.get(0.5, -7)).toBe(-7); // never held: the miss value
    }
  });

  it('starts empty again after clear, and insert adds a key find then finds', () => {
    const table = new IntTable();
    for (let k = 0; k < 1_000; k++) table.insert(k * 7, k);
    expect(table.size).toBe(1_000);
    expect(table.get(7 * 999, -1)).toBe(999);
    table.clear();
    expect(table.size).toBe(0);
    expect(table.find(7)).toBe(-1);
  });
});
