import { sendMessage } from '../content/send';
import type { Db } from '../db/client';
import type { PositionRow } from './wire';

const num = (v: string | null) => (v === null ? '0' : String(Number(v)));

/**
 * What a settlement or an expiry worth nothing did, told in both languages as plain facts
 * (DECISIONS §2): the settlement price, what was credited, and that the loss was at most the cost.
 */
export async function tellSettled(db: Db, row: PositionRow): Promise<void> {
  const kindTr = row.kind === 'call' ? 'alım (call)' : 'satım (put)';
  const strike = num(row.strike);
  const settle = num(row.closePrice);
  const payoff = num(row.payoff);
  const paid = Number(row.payoff ?? '0') > 0;
  await sendMessage(db, {
    userId: row.userId,
    title: {
      'tr-TR': `${row.symbol} opsiyonunuzun vadesi doldu`,
      'en-US': `Your ${row.symbol} option expired`,
    },
    body: {
      'tr-TR': paid
        ? `${row.symbol} ${strike} kullanım fiyatlı ${kindTr} opsiyonunuz ${settle} TRY uzlaşma fiyatından kapandı; hesabınıza ${payoff} TRY yatırıldı.`
        : `${row.symbol} ${strike} kullanım fiyatlı ${kindTr} opsiyonunuz ${settle} TRY uzlaşma fiyatında değersiz kapandı; zararınız ödediğiniz prim ve komisyonla sınırlıdır.`,
      'en-US': paid
        ? `Your ${row.symbol} ${row.kind} at strike ${strike} settled at ${settle} TRY; ${payoff} TRY was credited to your account.`
        : `Your ${row.symbol} ${row.kind} at strike ${strike} expired worthless at a settlement price of ${settle} TRY; your loss is limited to the premium and fee you paid.`,
    },
  });
}
