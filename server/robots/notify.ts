import type { Locale } from '../../domain/format/locale';
import type { AccountType } from '../../domain/protocol/account';
import { amountsIn } from '../content/amounts';
import { sendMessage } from '../content/send';
import type { Db } from '../db/client';
import { announceBalances } from '../primary/ipo/notify';
import { announceRecord } from '../record-events';
import type { RobotOrderRow } from './wire';

/** USDT as the robot screens show it: 2 to 8 decimals, in the reader's format ("−10,005 USDT"). */
const usdtIn = (locale: Locale) => {
  const amount = amountsIn(locale);
  return (v: string | null) => amount(v ?? '0', 'USDT');
};

/** What an order's end did, in both languages, as plain measured facts (DECISIONS §2). */
export async function tellEnded(db: Db, row: RobotOrderRow, now: number): Promise<void> {
  const reader = { userId: row.userId, accountType: row.accountType as AccountType };
  announceRecord(db, reader, 'robot', row.id, row.status);
  const stopped = row.status === 'stopped';
  const figures = [row.capital, row.result, row.tax, row.penalty, row.returned];
  const [capital, result, tax, penalty, back] = figures.map(usdtIn('tr-TR'));
  const [capitalEn, resultEn, taxEn, penaltyEn, backEn] = figures.map(usdtIn('en-US'));
  await sendMessage(db, {
    userId: row.userId,
    accountType: row.accountType as AccountType,
    title: {
      'tr-TR': stopped ? `Robot emriniz #${row.id} erken durduruldu` : `Robot emriniz #${row.id} sona erdi`,
      'en-US': stopped
        ? `Your robot order #${row.id} was stopped early`
        : `Your robot order #${row.id} ended`,
    },
    body: {
      'tr-TR': `Sermaye ${capital}, gerçekleşen sonuç ${result}, kâr stopajı ${tax}, erken durdurma cezası ${penalty}; coin hesabınıza ${back} iade edildi.`,
      'en-US': `Capital ${capitalEn}, realized result ${resultEn}, withholding on profit ${taxEn}, early-stop penalty ${penaltyEn}; ${backEn} was returned to your coin account.`,
    },
  });
  await announceBalances(db, row.userId, row.accountType as AccountType, now);
}
