/**
 * Turkish IBANs (bank cards take a Turkish IBAN, mod-97 checked, the bank named from
 * its code). TR + 2 check digits + 5-digit bank code + 1 reserve digit (0) + 16-digit account
 * number: 26 characters. People write them in groups of four and in lower case; the canonical
 * form has neither.
 */

export const TR_IBAN_LENGTH = 26;

export type IbanProblem = 'IBAN_FORMAT' | 'IBAN_CHECKSUM';

/** Spaces and dashes out, upper case: "tr33 0006 1005 …" → "TR330006100…". */
export function normaliseIban(input: string): string {
  return input.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * What an IBAN field keeps of what was typed or pasted: letters (upper-cased) and digits only.
 * Anything else ("abc!!", a pasted "IBAN: …") is dropped as typed, so the field never shows a
 * character no IBAN can hold; the grouping spaces are the field's own.
 */
export function ibanCharacters(typed: string): string {
  return typed.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

/**
 * ISO 13616 check: the first four characters moved to the end, letters as 10–35, the whole
 * number mod 97 must be 1. Folded digit by digit, so no big integers are needed.
 */
export function ibanMod97(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    const value = code >= 65 && code <= 90 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/** The problem with a Turkish IBAN as typed, or null when it is valid. */
export function checkTurkishIban(input: string): IbanProblem | null {
  const iban = normaliseIban(input);
  if (!/^TR\d{24}$/.test(iban) || iban[9] !== '0') return 'IBAN_FORMAT';
  return ibanMod97(iban) === 1 ? null : 'IBAN_CHECKSUM';
}

/** The 5-digit bank code (EFT code) of a canonical Turkish IBAN. */
export function ibanBankCode(iban: string): string {
  return iban.slice(4, 9);
}

/** "TR33 0006 1005 1978 6457 8413 26": groups of four, as banks print them. */
export function formatIban(iban: string): string {
  return iban.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Lists show the bank and the last four digits only: "TR33 **** **** **** **** **13 26". */
export function maskIban(iban: string): string {
  const masked = iban.slice(0, 4) + '*'.repeat(iban.length - 8) + iban.slice(-4);
  return formatIban(masked);
}
