import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_KEYS } from '../../domain/protocol/error-keys';
import { ROOT } from '../support/process';

type Tree = { [key: string]: string | Tree };
const LOCALES = ['tr-TR', 'en-US'] as const;
const dir = (locale: string) => path.join(ROOT, 'locales', locale);
const load = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.join(dir(locale), file), 'utf8')) as Tree;

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [prefix + k] : keys(v, `${prefix}${k}.`),
  );
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1] ?? '').sort();
}

describe('locales', () => {
  const files = readdirSync(dir('tr-TR')).filter((f) => f.endsWith('.json'));

  it('ship the same message files in both languages', () => {
    expect(
      readdirSync(dir('en-US'))
        .filter((f) => f.endsWith('.json'))
        .sort(),
    ).toEqual([...files].sort());
  });

  it.each(files)(
    '%s has the same keys, no empty texts and the same placeholders in both languages',
    (file) => {
      const [tr, en] = LOCALES.map((l) => load(l, file)) as [Tree, Tree];
      expect(keys(en).sort()).toEqual(keys(tr).sort());
      const flat = (tree: Tree) =>
        new Map(
          keys(tree).map((k) => [
            k,
            k.split('.').reduce<Tree | string>((n, p) => (n as Tree)[p] as Tree, tree) as string,
          ]),
        );
      const trFlat = flat(tr);
      for (const [key, enText] of flat(en)) {
        const trText = trFlat.get(key) ?? '';
        expect(enText.trim(), `${file} en-US ${key}`).not.toBe('');
        expect(trText.trim(), `${file} tr-TR ${key}`).not.toBe('');
        expect(placeholders(enText), `${file} ${key}`).toEqual(placeholders(trText));
      }
    },
  );

  // Loan and VIP confirmations once said "Transaction password", the AI product one "Trade
  // password" — two names for the one 6-digit PIN. Each language has one name for it.
  it.each([
    ['en-US', /\btrad(e|ing) password/i],
    ['tr-TR', /alım[- ]satım şifre|işlem parola|ticaret şifre|işlem pin/i],
  ] as const)('%s calls the 6-digit trade PIN by one name', (locale, other) => {
    for (const file of files) {
      const tree = load(locale, file);
      for (const key of keys(tree)) {
        const text = key.split('.').reduce<Tree | string>((n, p) => (n as Tree)[p] as Tree, tree) as string;
        expect(text, `${locale} ${file} ${key}`).not.toMatch(other);
      }
    }
  });

  // a block's lock-up was "Kilit" on its card and "Satış kısıtlaması" on its page, and its
  // end "Kilit bitişi" / "Locked until" on the order and "Satılabilir" / "Sellable from" on the page.
  // One name for the lock-up, one for its end; a robot's "kilit süresi" is another thing.
  it.each([
    ['en-US', /lock(ed)?[- ]?period/i],
    ['tr-TR', /^kilit$|kilit (süresi|bitişi)/i],
  ] as const)('%s calls a block trade lock-up and its end by one name each', (locale, other) => {
    const bulk = load(locale, 'bulk.json');
    const at = (tree: Tree, key: string) =>
      key.split('.').reduce<Tree | string>((n, p) => (n as Tree)[p] as Tree, tree) as string;
    expect(at(bulk, 'card.lockup')).toBe(at(bulk, 'detail.lockup'));
    expect(at(bulk, 'order.lockup_end')).toBe(at(bulk, 'detail.lockup_end'));
    for (const file of files.filter((name) => name !== 'robot.json')) {
      const tree = load(locale, file);
      for (const key of keys(tree).filter((k) => !k.startsWith('ROBOT_')))
        expect(at(tree, key), `${locale} ${file} ${key}`).not.toMatch(other);
    }
  });

  it('has a message for every error key in both languages', () => {
    for (const locale of LOCALES) {
      const errors = load(locale, 'errors.json');
      for (const key of ERROR_KEYS) expect(typeof errors[key], `${locale} ${key}`).toBe('string');
    }
  });
});
