import { describe, expect, it } from 'vitest';
import { quantityShare } from './quantity-share';

describe('quantityShare', () => {
  it('rounds a share down to whole shares, and gives nothing for a share of less than one', () => {
    expect(quantityShare('12', 25, 0)?.toFixed()).toBe('3');
    expect(quantityShare('13', 50, 0)?.toFixed()).toBe('6');
    expect(quantityShare('13', 75, 0)?.toFixed()).toBe('9');
    expect(quantityShare('13', 100, 0)?.toFixed()).toBe('13');
    expect(quantityShare('3', 25, 0)).toBeNull();
  });
});
