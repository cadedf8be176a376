import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { inline } from './prepared';

describe('a batch statement with its parameters written inline (PostgreSQL, pg-batch.ts)', () => {
  it('writes strings as escape literals, whatever standard_conforming_strings says', () => {
    expect(inline(sql`select ${"O'Brien \\ memo"}`)).toBe(`select E'O''Brien \\\\ memo'`);
  });

  it('keeps a negative number from turning a minus sign into a comment', () => {
    const text = inline(sql`update balances set free = free -${-5}, held = ${0}`);
    expect(text).toBe('update balances set free = free -(-5), held = 0');
    expect(text).not.toContain('--');
  });

  it('writes null as NULL and declines what it does not write inline', () => {
    expect(inline(sql`select ${null}`)).toBe('select NULL');
    expect(inline(sql`select ${Number.NaN}`)).toBeNull();
    expect(inline(sql`select ${{ a: 1 }}`)).toBeNull();
  });
});
