import { and, eq } from 'drizzle-orm';
import { amountsIn } from '../content/amounts';
import { sendMessage } from '../content/send';
import type { Db } from '../db/client';
import { aiFills } from '../db/schema/ai-products';

/**
 * What a rebalance did, told in both languages as plain facts (DECISIONS §2): which shares the
 * order sold and bought at `t`, and its value after. No forecast, no promise.
 */
export async function tellRebalanced(
  db: Db,
  o: { userId: bigint; orderId: bigint; value: string },
  t: number,
): Promise<void> {
  const fills = await db
    .select({ symbol: aiFills.symbol, side: aiFills.side })
    .from(aiFills)
    .where(and(eq(aiFills.orderId, o.orderId), eq(aiFills.t, t), eq(aiFills.reason, 'rebalance')));
  const of = (side: string) =>
    [...new Set(fills.filter((f) => f.side === side).map((f) => f.symbol))].join(', ') || '-';
  await sendMessage(db, {
    userId: o.userId,
    // AI products are bought with the real account only (apply.ts).
    accountType: 'real',
    title: {
      'tr-TR': `Yapay zekâ emriniz #${o.orderId} yeniden dengelendi`,
      'en-US': `Your AI order #${o.orderId} was rebalanced`,
    },
    body: {
      'tr-TR': `Kurala göre satılanlar: ${of('sell')}; alınanlar: ${of('buy')}. Emrin güncel değeri ${amountsIn('tr-TR')(o.value, 'TRY')}. Geçmiş sonuçlar gelecekteki sonuçların göstergesi değildir.`,
      'en-US': `Sold by the rule: ${of('sell')}; bought: ${of('buy')}. The order is worth ${amountsIn('en-US')(o.value, 'TRY')} now. Past results do not indicate future results.`,
    },
  });
}
