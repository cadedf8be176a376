import type { AccountType } from '../../domain/protocol/account';
import { sendMessage } from '../content/send';
import type { Db } from '../db/client';
import { announceBalances } from '../primary/ipo/notify';
import type { RobotOrderRow } from './wire';

const num = (v: string | null) => (v === null ? '0' : String(Number(v)));

/** What an order's end did, in both languages, as plain measured facts (DECISIONS §2). */
export async function tellEnded(db: Db, row: RobotOrderRow, now: number): Promise<void> {
  const stopped = row.status === 'stopped';
  const [capital, result, tax, penalty, back] = [
    row.capital,
    row.result,
    row.tax,
    row.penalty,
    row.returned,
  ].map(num);
  await sendMessage(db, {
    userId: row.userId,
    title: {
      'tr-TR': stopped ? `Robot emriniz #${row.id} erken durduruldu` : `Robot emriniz #${row.id} sona erdi`,
      'en-US': stopped
        ? `Your robot order #${row.id} was stopped early`
        : `Your robot order #${row.id} ended`,
    },
    body: {
      'tr-TR': `Sermaye ${capital} USDT, gerçekleşen sonuç ${result} USDT, kâr stopajı ${tax} USDT, erken durdurma cezası ${penalty} USDT; coin hesabınıza ${back} USDT iade edildi.`,
      'en-US': `Capital ${capital} USDT, realised result ${result} USDT, withholding on profit ${tax} USDT, early-stop penalty ${penalty} USDT; ${back} USDT was returned to your coin account.`,
    },
  });
  await announceBalances(db, row.userId, row.accountType as AccountType, now);
}
