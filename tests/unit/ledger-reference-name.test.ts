import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';

type Tree = { [key: string]: string | Tree };
function text(locale: string, file: string, keyPath: string): string | undefined {
  let node: string | Tree = JSON.parse(
    readFileSync(path.join(ROOT, 'locales', locale, file), 'utf8'),
  ) as Tree;
  for (const key of keyPath.split('.')) node = typeof node === 'string' ? node : (node[key] ?? '');
  return typeof node === 'string' ? node : undefined;
}

/**
 * The ledger transaction behind a movement is what a user quotes to support: one name for it on
 * every screen that shows it. An exchange's receipt said "Muhasebe referansı" where the deposit
 * and withdrawal records say "Defter referansı".
 */
describe('the ledger reference', () => {
  it.each(['tr-TR', 'en-US'])('%s: one name on the exchange receipt and the funding records', (locale) => {
    const names = new Set([
      text(locale, 'exchange.json', 'done.reference'),
      text(locale, 'coin-funding.json', 'detail.transaction'),
      text(locale, 'funding.json', 'records.ledger'),
    ]);
    expect([...names]).toHaveLength(1);
    expect([...names][0]).toBeTruthy();
  });
});
