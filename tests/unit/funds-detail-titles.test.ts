import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../support/process';

type Texts = { funds: Record<string, string> };
const load = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'locales', locale, file), 'utf8')) as Texts;

/**
 * The funds-detail hub (/pages/fundsDetail/index) opens the stock and the crypto statements: both
 * are named as the hub is, per account. The crypto one read "Kripto fon detayı" beside "Hesap
 * hareketleri" and "Hisse hesap hareketleri", as if it were another kind of page.
 */
describe('funds-detail titles', () => {
  it.each([
    ['tr-TR', 'hesap hareketleri'],
    ['en-US', 'funds detail'],
  ])('%s: the stock and crypto statements are named as the hub', (locale, words) => {
    const trade = load(locale, 'trade.json');
    const contract = load(locale, 'contract.json');
    expect(trade.funds.title?.toLocaleLowerCase(locale)).toBe(words);
    expect(trade.funds.stock_title?.toLocaleLowerCase(locale).endsWith(words)).toBe(true);
    expect(contract.funds.title?.toLocaleLowerCase(locale).endsWith(words)).toBe(true);
  });
});
