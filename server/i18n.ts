import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../domain/format/locale';
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

/**
 * A server message in the caller's language. `{{name}}` placeholders are filled from params;
 * a `field` param is shown by its localized label when it has one.
 */
export function translate(locale: Locale, key: string, params: Record<string, string | number> = {}): string {
  const messages = catalogues[locale];
  const template = lookup(messages, key) ?? lookup(catalogues['tr-TR'], key) ?? key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) return '';
    if (name === 'field') return lookup(messages, `fields.${value}`) ?? String(value);
    return String(value);
  });
}
