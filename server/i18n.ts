import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../domain/format/locale';
import { formatDecimal } from '../domain/format/number';
import { ROOT } from './paths';

type Messages = Record<string, unknown>;

function load(locale: Locale): Messages {
  const file = path.join(ROOT, 'locales', locale, 'errors.json');
  return JSON.parse(readFileSync(file, 'utf8')) as Messages;
}

const catalogues = Object.fromEntries(LOCALES.map((l) => [l, load(l)])) as Record<Locale, Messages>;

function lookup(messages: Messages, path: string): string | undefined {
  let node: unknown = messages;
  for (const part of path.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/;

/**
 * A number in a message as the reader writes numbers ("0,01" and "5.000" in Turkish, "5,000" in
 * English), every digit it has kept; ids and anything not a plain number stay as they are.
 */
function shown(locale: Locale, name: string, value: string | number): string {
  const text = String(value);
  if (name === 'id' || name.endsWith('Id') || !PLAIN_NUMBER.test(text)) return text;
  return formatDecimal(text, locale, { decimals: text.split('.')[1]?.length ?? 0 });
}

/**
 * A server message in the caller's language. `{{name}}` placeholders are filled from params,
 * numbers in the caller's notation; a `field` param is shown by its localized label when it has one.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const messages = catalogues[locale];
  const template = lookup(messages, key) ?? lookup(catalogues['tr-TR'], key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    if (name === 'field') return lookup(messages, `fields.${value}`) ?? String(value);
    return shown(locale, name, value);
  });
}
