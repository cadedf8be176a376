import type { OrdersEvent } from '../../../domain/protocol/trading';
import type { LocalizedText } from '../../db/schema/content';
import type { JobContext } from '../writer';
import { priceIn, quantityIn } from '../../content/amounts';
import type { Locale } from '../../../domain/format/locale';
import type { MarketSource } from '../../market/source';
import type { Booked } from './booking';
import { SpotPending } from './pending';
import { fillToWire, orderToWire, type OrderRow } from './rows';

/**
 * Tells the user, after the batch commits: the order and its fills on the private `orders`
 * channel, the moved balances on `balances`. Nothing is announced that a crash could undo.
 */
export function announceBooked(jc: JobContext, market: MarketSource, booked: Booked): void {
  const { order } = booked;
  jc.afterCommit(() => {
    for (const fill of booked.fills)
      jc.events.publish(order, 'orders', {
        kind: 'fill',
        fill: fillToWire(fill),
      } satisfies OrdersEvent);
    jc.events.publish(order, 'orders', {
      kind: 'order',
      order: orderToWire(order, market),
    } satisfies OrdersEvent);
    if (booked.balances.length > 0)
      jc.events.publish(order, 'balances', {
        accountType: order.accountType,
        changes: balanceChanges(booked),
      });
  });
}

/** Only the user's own accounts, as wallet/currency/bucket (codes are `user:id:type:wallet:cur:bucket`). */
function balanceChanges(booked: Booked) {
  return booked.balances
    .filter((b) => b.code.startsWith('user:'))
    .map((b) => {
      const [, , , wallet, currency, bucket] = b.code.split(':');
      return { wallet, currency, bucket, balance: b.balance };
    });
}

const SIDE: Record<'buy' | 'sell', Record<'tr-TR' | 'en-US', string>> = {
  buy: { 'tr-TR': 'Alış', 'en-US': 'Buy' },
  sell: { 'tr-TR': 'Satış', 'en-US': 'Sell' },
};
/** The same words mid-sentence (lowercased once: toLocaleLowerCase goes through ICU each call). */
const SIDE_LOWER: Record<'buy' | 'sell', Record<'tr-TR' | 'en-US', string>> = {
  buy: { 'tr-TR': 'alış', 'en-US': 'buy' },
  sell: { 'tr-TR': 'satış', 'en-US': 'sell' },
};

/** Figures as the reader's screens write them: a message keeps one text per language. */
const figuresIn = (locale: Locale) => ({ qty: quantityIn(locale), price: priceIn(locale) });

/**
 * A message-centre entry for an execution or an expiry, in both languages, written with the
 * batch (it commits with the fill) and announced after the commit.
 */
export async function messageAbout(
  jc: JobContext,
  order: OrderRow,
  what: 'filled' | 'expired',
  filled?: { qty: string; avgPrice: string },
): Promise<void> {
  const side = SIDE[order.side];
  const lower = SIDE_LOWER[order.side];
  const title: LocalizedText =
    what === 'filled'
      ? {
          'tr-TR': `${side['tr-TR']} emri gerçekleşti: ${order.symbol}`,
          'en-US': `${side['en-US']} order filled: ${order.symbol}`,
        }
      : {
          'tr-TR': `Günlük emrin süresi doldu: ${order.symbol}`,
          'en-US': `Day order expired: ${order.symbol}`,
        };
  const [tr, en] = [figuresIn('tr-TR'), figuresIn('en-US')];
  const body: LocalizedText =
    what === 'filled' && filled
      ? {
          'tr-TR': `${order.symbol} ${lower['tr-TR']} emrinizin ${tr.qty(filled.qty)} adedi ortalama ${tr.price(filled.avgPrice)} fiyattan gerçekleşti (emir no ${order.id}).`,
          'en-US': `${en.qty(filled.qty)} of your ${order.symbol} ${lower['en-US']} order filled at an average of ${en.price(filled.avgPrice)} (order ${order.id}).`,
        }
      : {
          'tr-TR': `${order.symbol} ${lower['tr-TR']} emriniz (${tr.qty(order.quantity)}, emir no ${order.id}) seans sonunda gerçekleşmeyen kısmıyla iptal edildi.`,
          'en-US': `Your ${order.symbol} ${lower['en-US']} order (${en.qty(order.quantity)}, order ${order.id}) ended with the session; the unfilled part was canceled.`,
        };
  const id = await SpotPending.of(jc.batch).addMessage(order, title, body);
  jc.afterCommit(() =>
    jc.events.publish(order, 'messages', {
      type: 'message',
      id: String(id),
      kind: 'personal',
      title,
      body,
    }),
  );
}
