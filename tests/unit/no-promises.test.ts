import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';

/**
 * DECISIONS §2: no screen or locale text states a future or guaranteed return. The
 * robots' figures are measured and reach the texts through {{placeholders}}; a literal rate next
 * to "daily", "accuracy" or "return", SPEC §9's tier figures, or any "guarantee" is a promise.
 */
const NUM = String.raw`\d+(?:[.,]\d+)?`;
const PCT = String.raw`(?:%\s?${NUM}(?:\s?[-–]\s?%?${NUM})?|${NUM}(?:\s?[-–]\s?${NUM})?\s?%)`;
const NEAR = String.raw`\W+(?:\S+\s+){0,4}`;
const DAILY = String.raw`(?:günlük|gün başına|her gün|daily|per day|a day)`;
const ACCURACY = String.raw`(?:doğruluk|isabet|başarı oranı|kazanma oranı|accuracy|success rate|win rate|hit rate)`;
const RETURN = String.raw`(?:getiri|kazanç|kâr|kar|faiz|return|profit|yield|income|gain)`;

const RULES: [string, RegExp][] = [
  ['guarantee', /garanti|guarant|teminat altında/],
  [
    'sure return',
    new RegExp(String.raw`(?:kesin|sabit|risksiz|fixed|assured|certain|risk[- ]?free|sure)\s+${RETURN}`),
  ],
  ['daily rate', new RegExp(`${DAILY}${NEAR}${PCT}|${PCT}${NEAR}${DAILY}`)],
  ['accuracy', new RegExp(`${ACCURACY}${NEAR}${PCT}|${PCT}${NEAR}${ACCURACY}`)],
  ['return figure', new RegExp(`${RETURN}${NEAR}${PCT}|${PCT}${NEAR}${RETURN}`)],
  ['SPEC tier rate', /(?:^|[^\d.,])(?:1-3|2-5|3-7|5-10)\s?%|%\s?(?:1-3|2-5|3-7|5-10)(?![\d.,])/],
];

/** The rules a text breaks (lower-cased in both languages' ways, whitespace collapsed). */
export function promises(text: string): string[] {
  const flat = text.toLocaleLowerCase('tr-TR').replace(/\s+/g, ' ');
  const also = text.toLowerCase().replace(/\s+/g, ' ');
  return RULES.filter(([, re]) => re.test(flat) || re.test(also)).map(([name]) => name);
}

type Tree = { [key: string]: string | Tree };
const strings = (tree: Tree, at = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${at}${k}`, v]] : strings(v, `${at}${k}.`),
  );

describe('no promised returns', () => {
  it('the checker catches promises in both languages, SPEC §9 tier texts included', () => {
    const promising = [
      'günlük %5 getiri garantili',
      'Günlük %1-3 kazanç',
      'Robot 2.0 runs 3-7 days at 2-5% daily, accuracy 80%',
      '1.0 runs 1-7 days at 1-3% daily, accuracy 70%',
      'Doğruluk oranı %95',
      'Accuracy: 95 %',
      'Earn 10% a day',
      'Guaranteed profit',
      'Sabit getiri',
      'risk-free return',
      '%3-7 kâr',
    ];
    for (const text of promising) expect(promises(text), text).not.toEqual([]);
  });

  it('lets plain measured-result wording through', () => {
    const fine = [
      'No return is promised: the figures on this page describe the past only.',
      'Hiçbir getiri vaat edilmez.',
      'Net return of finished runs',
      'Each trade pays the fee of {{rate}}.',
      'Sonunda gerçekleşen kârdan {{rate}} oranında stopaj kesilir.',
      'Lock-in period: 1–7 days',
    ];
    for (const text of fine) expect(promises(text), text).toEqual([]);
  });

  const dirs = ['tr-TR', 'en-US'].map((l) => path.join(ROOT, 'locales', l));
  const files = dirs.flatMap((d) =>
    readdirSync(d)
      .filter((f) => f.endsWith('.json'))
      .map((f) => path.join(d, f)),
  );
  it.each(files.map((f) => [path.relative(ROOT, f), f]))('%s states no promised return', (_name, file) => {
    const texts = strings(JSON.parse(readFileSync(file, 'utf8')) as Tree);
    expect(texts.length).toBeGreaterThan(0);
    const broken = texts
      .filter(([, text]) => promises(text).length > 0)
      .map(([key, text]) => `${key}: ${text}`);
    expect(broken).toEqual([]);
  });

  it('neither do the robot screens and the robot messages the server sends', () => {
    const sources = ['src/screens/robot', 'server/robots'].flatMap((d) =>
      readdirSync(path.join(ROOT, d)).map((f) => path.join(ROOT, d, f)),
    );
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const literals = readFileSync(file, 'utf8').match(/(['`"])(?:(?!\1).){8,}\1/g) ?? [];
      const broken = literals.filter((l) => promises(l).length > 0);
      expect(broken, path.relative(ROOT, file)).toEqual([]);
    }
  });
});
