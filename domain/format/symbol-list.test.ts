import { describe, expect, it } from 'vitest';
import { symbolList } from './symbol-list';

describe('symbolList', () => {
  it('names each symbol once, in order, with its count when more than one', () => {
    expect(symbolList(['THYAO', 'GARAN', 'THYAO'])).toBe('THYAO ×2, GARAN');
    expect(symbolList(['BTCUSDT'])).toBe('BTCUSDT');
    expect(symbolList(['A', 'B', 'C', 'B', 'B'])).toBe('A, B ×3, C');
    expect(symbolList([])).toBe('');
  });
});
