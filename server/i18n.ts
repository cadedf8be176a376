import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../domain/format/locale';
import { formatAllDigits } from '../domain/format/number';
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

/** A plain number, optionally followed by its unit (`withUnits`): "5", "0.00022901 USDT". */
const FIGURE = /^(-?\d+(?:\.\d+)?)( [A-Z0-9][A-Za-z0-9]{0,9})?$/;

/**
 * A number in a message as the reader writes numbers ("0,01" and "5.000" in Turkish, "5,000" in
 * English), every digit it has kept, and its unit after it if it has one; ids and anything not a
 * plain number stay as they are.
 */
function shown(locale: Locale, name: string, value: string | number): string {
  const text = String(value);
  const figure = FIGURE.exec(text);
  if (name === 'id' || name.endsWith('Id') || !figure) return text;
  return formatAllDigits(figure[1]!, locale) + (figure[2] ?? '');
}

/**
 * A message's figures with the unit each is counted in (`units`: param name → "TRY", "USDT",
 * "BTC"), as `translate` shows them: "en az 5 USDT", not "en az 5".
 */
export function withUnits(
  params: Record<string, string | number> | undefined,
  units: Readonly<Record<string, string>>,
): Record<string, string | number> {
  const out: Record<string, string | number> = { ...params };
  for (const [name, unit] of Object.entries(units)) {
    const value = out[name];
    if (value !== undefined && FIGURE.exec(String(value))?.[2] === undefined) out[name] = `${value} ${unit}`;
  }
  return out;
}

/**
 * `key_one` when the message has one and its `count` is one in the caller's plural rules, as
 * i18next picks it ("1 second", not "1 seconds"); the plain key is the other form. Turkish says
 * "1 saniye" as "2 saniye", so its `_one` is the same words. A message given no `count` is
 * counted by the first figure of its `_one` (a PIN's tries left).
 */
function singular(
  locale: Locale,
  messages: Messages,
  key: string,
  params: Record<string, string | number>,
): string | undefined {
  const one = lookup(messages, `${key}_one`);
  if (one === undefined) return undefined;
  const name = params.count !== undefined ? 'count' : /\{\{(\w+)\}\}/.exec(one)?.[1];
  const value = name === undefined ? undefined : params[name];
  if (value === undefined || !Number.isFinite(Number(value))) return undefined;
  return new Intl.PluralRules(locale).select(Number(value)) === 'one' ? one : undefined;
}

/**
 * A server message in the caller's language. `{{name}}` placeholders are filled from params,
 * numbers in the caller's notation; a `field` param is shown by its localized label when it has one.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const messages = catalogues[locale];
  const template =
    singular(locale, messages, key, params) ??
    lookup(messages, key) ??
    lookup(catalogues['tr-TR'], key) ??
    key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    if (name === 'field') return lookup(messages, `fields.${value}`) ?? String(value);
    return shown(locale, name, value);
  });
}
