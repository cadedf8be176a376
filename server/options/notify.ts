import { amountsIn } from '../content/amounts';
import { sendMessage } from '../content/send';
import type { Db } from '../db/client';
import type { PositionRow } from './wire';

// Prices and money in each reader's format (₺104,35 / ₺104.35), as the options screen shows them.
const tr = (v: string | null) => amountsIn('tr-TR')(v ?? '0', 'TRY');
const en = (v: string | null) => amountsIn('en-US')(v ?? '0', 'TRY');

/**
 * What a settlement or an expiry worth nothing did, told in both languages as plain facts
 * (DECISIONS §2): the settlement price, what was credited, and that the loss was at most the cost.
 */
export async function tellSettled(db: Db, row: PositionRow): Promise<void> {
  const kindTr = row.kind === 'call' ? 'alım (call)' : 'satım (put)';
  const paid = Number(row.payoff ?? '0') > 0;
  await sendMessage(db, {
    userId: row.userId,
    accountType: row.accountType === 'demo' ? 'demo' : 'real',
    title: {
      'tr-TR': `${row.symbol} opsiyonunuzun vadesi doldu`,
      'en-US': `Your ${row.symbol} option expired`,
    },
    body: {
      'tr-TR': paid
        ? `${row.symbol} ${tr(row.strike)} kullanım fiyatlı ${kindTr} opsiyonunuz ${tr(row.closePrice)} uzlaşma fiyatından kapandı; hesabınıza ${tr(row.payoff)} yatırıldı.`
        : `${row.symbol} ${tr(row.strike)} kullanım fiyatlı ${kindTr} opsiyonunuz ${tr(row.closePrice)} uzlaşma fiyatında değersiz kapandı; zararınız ödediğiniz prim ve komisyonla sınırlıdır.`,
      'en-US': paid
        ? `Your ${row.symbol} ${row.kind} at strike ${en(row.strike)} settled at ${en(row.closePrice)}; ${en(row.payoff)} was credited to your account.`
        : `Your ${row.symbol} ${row.kind} at strike ${en(row.strike)} expired worthless at a settlement price of ${en(row.closePrice)}; your loss is limited to the premium and fee you paid.`,
    },
  });
}
