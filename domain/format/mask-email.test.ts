import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  it('keeps two characters of the name and the whole domain', () => {
    expect(maskEmail('ayse.yilmaz.1987@example.com')).toBe('ay***@example.com');
  });
  it('never shows a short name whole', () => {
    expect(maskEmail('ab@x.tr')).toBe('a***@x.tr');
    expect(maskEmail('a@x.tr')).toBe('a***@x.tr');
  });
  it('leaves what is not an address as it is', () => {
    expect(maskEmail('none')).toBe('none');
    expect(maskEmail('@x.tr')).toBe('@x.tr');
  });
});
