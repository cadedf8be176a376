import { readFileSync } from 'node:fs';
import path from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';

/**
 * The broker's refusals that count minutes or seconds ("try again in 1 minute") are i18next plurals
 * picked by `count`, which the broker sends beside the figure: "1 minute" and "2 minutes" in
 * English; Turkish says "1 dakika" as "2 dakika", one form, still reached through `count`. Read
 * here as the app reads a refusal it words itself (the broker's own words: server/i18n.test.ts).
 */
const ROOT = path.resolve(import.meta.dirname, '../../locales');
const load = (locale: string) =>
  JSON.parse(readFileSync(path.join(ROOT, locale, 'errors.json'), 'utf8')) as Record<string, unknown>;

/** Every broker text that counts minutes or seconds, with the figure it is given. */
const COUNTED: readonly (readonly [string, 'minutes' | 'seconds'])[] = [
  ['PIN_LOCKED', 'minutes'],
  ['LOGIN_THROTTLED', 'seconds'],
  ['CODE_RATE_LIMITED', 'seconds'],
  ['PASSKEY_CHALLENGE_EXPIRED', 'seconds'],
];

async function translators() {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { 'en-US': { errors: load('en-US') }, 'tr-TR': { errors: load('tr-TR') } },
    lng: 'en-US',
    ns: ['errors'],
    interpolation: { escapeValue: false },
  });
  return { en: i18n.getFixedT('en-US', 'errors'), tr: i18n.getFixedT('tr-TR', 'errors') };
}

describe('broker texts that count minutes and seconds', () => {
  it('finds every such text in the list above, in both languages', () => {
    for (const locale of ['en-US', 'tr-TR']) {
      const texts = load(locale);
      const counting = Object.entries(texts)
        .filter(([, text]) => typeof text === 'string' && /\{\{(minutes|seconds)\}\}/.test(text))
        .map(([key]) => key.replace(/_(one|other)$/, ''));
      expect([...new Set(counting)].sort()).toEqual(COUNTED.map(([key]) => key).sort());
    }
  });

  it.each(COUNTED)('%s says one %s in the singular and two in the plural', async (key, unit) => {
    const { en, tr } = await translators();
    const singular = unit === 'minutes' ? 'minute' : 'second';
    expect(en(key, { [unit]: 1, count: 1 })).toContain(` 1 ${singular}`);
    expect(en(key, { [unit]: 1, count: 1 })).not.toContain(` 1 ${unit}`);
    expect(en(key, { [unit]: 2, count: 2 })).toContain(` 2 ${unit}`);
    const turkish = unit === 'minutes' ? 'dakika' : 'saniye';
    expect(tr(key, { [unit]: 1, count: 1 })).toMatch(new RegExp(` 1 ${turkish}`));
    expect(tr(key, { [unit]: 2, count: 2 })).toMatch(new RegExp(` 2 ${turkish}`));
  });
});
