import { describe, expect, it } from 'vitest';
import { bankName } from './banks';
import {
  checkTurkishIban,
  formatIban,
  ibanBankCode,
  ibanCharacters,
  ibanMod97,
  maskIban,
  normaliseIban,
} from './iban';

// Check digits computed independently with arbitrary-precision integers (ISO 13616:
// 98 − (rearranged number with "00" as check digits) mod 97), not with the code under test.
const VALID = [
  'TR330006100519786457841326', // the standard example IBAN
  'TR100006200000006297629123', // Garanti BBVA
  'TR950006400000001234567890', // İş Bankası
  'TR420004600012345678901234', // Akbank
  'TR450099900000000000000001', // a code we do not list
];

describe('Turkish IBAN', () => {
  it.each(VALID)('accepts %s', (iban) => {
    expect(ibanMod97(iban)).toBe(1);
    expect(checkTurkishIban(iban)).toBeNull();
  });

  it('accepts what people type: groups, dashes, lower case', () => {
    expect(normaliseIban(' tr33 0006-1005 1978 6457 8413 26 ')).toBe('TR330006100519786457841326');
    expect(checkTurkishIban('tr10 0006 2000 0000 6297 6291 23')).toBeNull();
  });

  it('refuses a changed digit or swapped neighbours (what mod 97 exists to catch)', () => {
    expect(checkTurkishIban('TR330006100519786457841327')).toBe('IBAN_CHECKSUM');
    expect(checkTurkishIban('TR330006100519786457841362')).toBe('IBAN_CHECKSUM');
    expect(checkTurkishIban('TR340006100519786457841326')).toBe('IBAN_CHECKSUM');
  });

  it.each([
    ['too short', 'TR33000610051978645784132'],
    ['too long', 'TR3300061005197864578413260'],
    ['another country', 'DE89370400440532013000'],
    ['a letter in the account', 'TR33000610051978645784132A'],
    ['the reserve digit not 0', 'TR330006110519786457841326'],
    ['empty', ''],
  ])('refuses %s as a format problem', (_, iban) => {
    expect(checkTurkishIban(iban)).toBe('IBAN_FORMAT');
  });

  it('keeps only letters (upper-cased) and digits of what is typed', () => {
    expect(ibanCharacters('abc!!')).toBe('ABC');
    expect(ibanCharacters(' tr33 0006-1005 ')).toBe('TR3300061005');
    expect(ibanCharacters('ŞÇ tr,9 5')).toBe('TR95');
  });

  it('names the bank from its code, and no bank for a code it does not know', () => {
    expect(ibanBankCode('TR100006200000006297629123')).toBe('00062');
    expect(bankName('00062')).toBe('Garanti BBVA');
    expect(bankName('00064')).toBe('Türkiye İş Bankası');
    expect(bankName('00999')).toBeNull();
    expect(bankName('00001')).toBe('Türkiye Cumhuriyet Merkez Bankası');
    expect(bankName('00014')).toBe('Türkiye Sınai Kalkınma Bankası');
    expect(bankName('00143')).toBe('Aktif Yatırım Bankası');
    // The standard example IBAN's code is no bank's we can vouch for: left unnamed.
    expect(bankName('00061')).toBeNull();
  });

  it('prints in groups of four and masks all but the country, check digits and last four', () => {
    expect(formatIban('TR330006100519786457841326')).toBe('TR33 0006 1005 1978 6457 8413 26');
    expect(maskIban('TR330006100519786457841326')).toBe('TR33 **** **** **** **** **13 26');
  });
});
