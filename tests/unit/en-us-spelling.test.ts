import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';

/**
 * The English texts are en-US (DECISIONS §1), read by a new English-speaking user beside US
 * brokers' apps: "Realized P&L", "Message center", "Driver's license". British spellings
 * crept in across them ("Realised", "Practise", "Message centre", "Driving licence",
 * "instalment"), mixed with US ones on the same screen ("Unrealized" beside "Realised").
 */
const BRITISH: [RegExp, string][] = [
  [/\b(un)?realis(e|ed|es|ing)\b/i, 'realize'],
  [/\bpractis(e|ed|es|ing)\b/i, 'practice'],
  [/\bcentres?\b/i, 'center'],
  [/\blicences?\b/i, 'license'],
  [/\binstalments?\b/i, 'installment'],
  [/\bcolours?\b/i, 'color'],
  [/\bbehaviours?\b/i, 'behavior'],
  [/\bfavour(s|ed|ite)?\b/i, 'favor'],
  // US brokers write "canceled" (Robinhood, Schwab); "cancellation" is US spelling too.
  [/\bcancell(ed|ing)\b/i, 'canceled'],
];

export function britishSpellings(text: string): string[] {
  return BRITISH.filter(([re]) => re.test(text)).map(([, us]) => us);
}

type Tree = { [key: string]: string | Tree };
const strings = (tree: Tree, at = ''): [string, string][] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${at}${k}`, v]] : strings(v, `${at}${k}.`),
  );

describe('en-US texts use US spelling', () => {
  it('the checker catches the British spellings the audit found, and lets US ones through', () => {
    for (const text of [
      'Realised P&L',
      'Unrealised P&L',
      'Practise trading',
      'Message centre',
      'Driving licence',
      'Each loan instalment',
      'Colours',
      'Order cancelled',
      'Good till cancelled',
    ])
      expect(britishSpellings(text), text).not.toEqual([]);
    for (const text of [
      'Realized P&L',
      'Unrealized P&L',
      'Practice trading',
      'Message center',
      "Driver's license",
      'Each loan installment',
      'Colors',
      'Order canceled',
      'Request a cancellation',
    ])
      expect(britishSpellings(text), text).toEqual([]);
  });

  const dir = path.join(ROOT, 'locales', 'en-US');
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
  it.each(files)('locales/en-US/%s', (file) => {
    const texts = strings(JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as Tree);
    expect(texts.length).toBeGreaterThan(0);
    const found = texts
      .filter(([, text]) => britishSpellings(text).length > 0)
      .map(([key, text]) => `${key}: ${text}`);
    expect(found).toEqual([]);
  });

  // The broker writes its messages' English itself (notifications and e-mails): `'en-US': '…'`.
  const serverFiles = (dir: string): string[] =>
    readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => path.join(dir, f));
  it("the broker's English message texts", () => {
    const files = serverFiles('server');
    const found = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .filter((line) => line.includes("'en-US'") && britishSpellings(line).length > 0)
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(files.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});
