import { describe, expect, it } from 'vitest';
import { kycFieldsSchema } from './account';

const valid = { certType: 'id_card', fullName: 'Ayşe Yılmaz', certNumber: 'A12345678', taxId: '10000000146' };
const firstKey = (fields: Record<string, string>) => {
  const parsed = kycFieldsSchema.safeParse(fields);
  return parsed.success ? null : parsed.error.issues[0]?.message;
};

describe('KYC fields', () => {
  it.each([
    'Ayşe Yılmaz',
    'Çağla Işık-Yılmaz',
    'İlker Ünal',
    'Mehmet Ali Öztürk',
    "Sean O'Neil",
    'Gülşen  Doğan',
    'ĞÜŞİÖÇ ğüşıöç',
    'Li Xu',
  ])('accepts the name %s', (fullName) => {
    expect(firstKey({ ...valid, fullName })).toBeNull();
  });

  it.each([
    ['digits', '12345'],
    ['one word', 'Ayşe'],
    ['a digit in a word', 'Ayşe Y1lmaz'],
    ['a leading hyphen', '-Ayşe Yılmaz'],
    ['a trailing apostrophe', "Ayşe Yılmaz'"],
    ['signs', 'Ayşe @Yılmaz'],
    ['a dot', 'A. Yılmaz'],
  ])('refuses a name with %s', (_name, fullName) => {
    expect(firstKey({ ...valid, fullName })).toBe('FULL_NAME_FORMAT');
  });

  it('caps every text field', () => {
    expect(firstKey({ ...valid, fullName: `Ayşe ${'a'.repeat(100)}` })).toBe('FIELD_TOO_LONG');
    expect(firstKey({ ...valid, certNumber: 'A'.repeat(33) })).toBe('FIELD_TOO_LONG');
    expect(firstKey({ ...valid, taxId: '1'.repeat(300) })).toBe('FIELD_TOO_LONG');
  });

  it('takes the tax number as a checked T.C. identity number, trimmed', () => {
    expect(firstKey({ ...valid, taxId: ' 12345678950 ' })).toBeNull();
    expect(firstKey({ ...valid, taxId: '12345678951' })).toBe('TCKN_INVALID');
    expect(firstKey({ ...valid, taxId: '1234567890' })).toBe('TCKN_INVALID');
  });

  it('takes document numbers of letters, digits and hyphens', () => {
    expect(firstKey({ ...valid, certNumber: 'TR-98765-4321' })).toBeNull();
    expect(firstKey({ ...valid, certNumber: 'A12 345678' })).toBe('CERT_NUMBER_FORMAT');
    expect(firstKey({ ...valid, certNumber: 'A12#45678' })).toBe('CERT_NUMBER_FORMAT');
  });
});
