import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/**
 * "1 days" is found again: every English text that puts a counted noun after a number it is given
 * ("{{days}} days") is the `_other` form of a plural key with a `_one` beside it, in both
 * languages, so i18next picks "1 day" for a count of 1. A range ("{{min}}–{{max}} days") is always
 * plural and needs none.
 */
const ROOT = path.resolve(import.meta.dirname, '../../locales');
const NOUNS = 'days|hours|weeks|months|years|times';
const COUNTED = new RegExp(`\\{\\{(\\w+)\\}\\} (${NOUNS})\\b`);
const RANGE = new RegExp(`\\{\\{\\w+\\}\\}\\s*(?:[–-]|to)\\s*\\{\\{\\w+\\}\\} (${NOUNS})\\b`);
/**
 * Windows a product is configured with, never a single day (the AI strategies' 20- and 60-day
 * windows, the advice rules' look-backs, the credit score's tenure period), and counts shown only
 * at 2 or more (a behaviour flag is raised at MIN_CASES = 2 cases, domain/journal/behaviour.ts):
 * plural by design.
 * errors.json's texts are filled in by the broker, not by i18next, and are left to it.
 */
const CONFIGURED = new Set([
  'ai.json rule.low_volatility',
  'ai.json rule.schedule',
  'ai.json list.backtest_return',
  'membership.json advice.rationale.levels',
  'membership.json advice.record_note',
  'membership.json credit.rule.tenure',
  'learn.json reports.flag.leverageCreep',
]);

type Tree = { [key: string]: string | Tree };
const load = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, locale, file), 'utf8')) as Tree;

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : leaves(value, `${prefix}${key}.`),
  );
}

const files = readdirSync(path.join(ROOT, 'en-US')).filter((f) => f.endsWith('.json') && f !== 'errors.json');

describe('counted nouns in both languages', () => {
  it.each(files)('%s: a number before a counted noun is a plural key with its one form', (file) => {
    const en = new Map(leaves(load('en-US', file)));
    const tr = new Map(leaves(load('tr-TR', file)));
    const singular: string[] = [];
    for (const [key, text] of en) {
      const counted = COUNTED.exec(text);
      if (!counted || RANGE.test(text) || CONFIGURED.has(`${file} ${key}`)) continue;
      if (/_(other|many)$/.test(key)) {
        const stem = key.replace(/_(other|many)$/, '');
        if (!en.has(`${stem}_one`) || !tr.has(`${stem}_one`) || !tr.has(`${stem}_other`)) singular.push(key);
        continue;
      }
      singular.push(`${key}: ${text}`);
    }
    expect(singular).toEqual([]);
  });

  it('picks "1 day" and "2 days", "1 gün" and "2 gün", for the keys a count reaches', async () => {
    const resources = Object.fromEntries(
      ['en-US', 'tr-TR'].map((locale) => [
        locale,
        Object.fromEntries(
          ['loan', 'membership', 'robot', 'bulk', 'funding', 'alerts'].map((ns) => [
            ns,
            load(locale, `${ns}.json`),
          ]),
        ),
      ]),
    );
    const i18n = i18next.createInstance();
    await i18n.init({ resources, lng: 'en-US', interpolation: { escapeValue: false } });
    const en = i18n.getFixedT('en-US');
    const tr = i18n.getFixedT('tr-TR');
    expect(en('loan:terms.days_value', { days: 1, count: 1 })).toBe('1 day');
    expect(en('loan:terms.days_value', { days: 7, count: 7 })).toBe('7 days');
    expect(en('membership:vip.days', { days: 1, count: 1 })).toBe('1 day');
    expect(en('robot:buy.days_value', { days: 1, count: 1 })).toBe('1 day');
    expect(en('funding:withdraw.expected_hours', { hours: 1, count: 1 })).toBe('Within 1 hour of approval');
    expect(en('alerts:fired', { count: 1, date: 'x' })).toBe('Fired once, x');
    expect(en('alerts:fired', { count: 3, date: 'x' })).toBe('Fired 3 times, last x');
    expect(tr('loan:terms.days_value', { days: 1, count: 1 })).toBe('1 gün');
    expect(tr('bulk:card.days', { days: 2, count: 2 })).toBe('2 gün');
  });
});
