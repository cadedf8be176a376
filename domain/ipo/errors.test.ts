import { describe, expect, it } from 'vitest';
import { isErrorKey } from '../protocol/error-keys';
import { IPO_ERROR_KEYS } from './errors';

describe('IPO error keys', () => {
  it('are all wire error keys, so each has a localized message', () => {
    expect(IPO_ERROR_KEYS.filter((key) => !isErrorKey(key))).toEqual([]);
  });
});
