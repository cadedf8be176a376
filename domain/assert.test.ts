import { describe, expect, it } from 'vitest';
import { assert, ensure, InvariantError } from './assert';

describe('assert', () => {
  it('passes when the condition holds and narrows what it states', () => {
    const value: string | number = 'BTCUSDT' as string | number;
    assert(typeof value === 'string', 'a symbol is a string');
    expect(value.length).toBe(7);
    expect(() => assert(1, 'one is truthy')).not.toThrow();
  });

  it('throws an InvariantError naming the invariant when it does not', () => {
    expect(() => assert(false, 'the book is not crossed')).toThrow(
      new InvariantError('the book is not crossed'),
    );
    expect(() => assert(0, 'a level has a quantity')).toThrow('invariant broken: a level has a quantity');
    expect(() => assert('', 'x')).toThrow(InvariantError);
  });
});

describe('ensure', () => {
  it('returns the value itself, falsy ones included', () => {
    const row = { id: 7 };
    expect(ensure(row, 'the row')).toBe(row);
    expect(ensure(0, 'a zero')).toBe(0);
    expect(ensure('', 'an empty string')).toBe('');
    expect(ensure(false, 'false')).toBe(false);
    expect(ensure(new Map([['a', 1]]).get('a'), 'a stored key')).toBe(1);
  });

  it('throws an InvariantError naming the invariant for null and undefined', () => {
    expect(() => ensure(null, 'the account row')).toThrow('invariant broken: the account row');
    expect(() => ensure([][0], 'the first level')).toThrow(new InvariantError('the first level'));
    const error = (() => {
      try {
        ensure(undefined, 'a pooled batch');
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(InvariantError);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).name).toBe('InvariantError');
  });
});
