import type Decimal from 'decimal.js';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ledgerAccounts } from '../db/schema/ledger';
import { canonical } from '../ledger/decimal';
import { aiOrderAccount, systemAccount, userAccount } from '../ledger/account-ref';
import { postTransaction, type PostedTransaction, type PostingLine } from '../ledger/post';

/**
 * AI products' postings (DECISIONS §2). Capital moves from the owner's stock account (TRY) into
 * the order's own cash account and back on redemption; a trade moves the order's cash to the
 * market (and its costs to `system:fees`) and the shares from the market into the order's own
 * share account, as a stock fill does for a user. Every posting names the order.
 */
export const AI_REFERENCE = 'ai_order';
export const AI_REASONS = { buy: 'ai_buy', add: 'ai_add', fill: 'ai_fill', redeem: 'ai_redeem' } as const;

type Owner = { userId: bigint; orderId: bigint };
const wallet = (o: Owner) => userAccount(o.userId, 'real', 'stock', 'TRY');

/** Capital in (buy or add) or out (redeem) between the stock account and the order's cash. */
export function postCapital(
  db: Db,
  o: Owner,
  reason: 'buy' | 'add' | 'redeem',
  amount: Decimal,
): Promise<PostedTransaction> {
  const into = reason !== 'redeem';
  const lines: PostingLine[] = [
    { account: wallet(o), amount: (into ? amount.neg() : amount).toFixed() },
    { account: aiOrderAccount(o.orderId, 'TRY'), amount: (into ? amount : amount.neg()).toFixed() },
  ];
  return postTransaction(db, {
    reason: AI_REASONS[reason],
    referenceType: AI_REFERENCE,
    referenceId: String(o.orderId),
    memo: `AI order ${o.orderId} ${reason}`,
    lines,
  });
}

/** One trade of the order's shares: `amount` TRY for `qty` shares, `costs` to the fee account. */
export function postTrade(
  db: Db,
  orderId: bigint,
  t: { symbol: string; side: 'buy' | 'sell'; qty: Decimal; amount: Decimal; costs: Decimal },
): Promise<PostedTransaction> {
  const buy = t.side === 'buy';
  const cash = buy ? t.amount.plus(t.costs).neg() : t.amount.minus(t.costs);
  const raw: [PostingLine['account'], Decimal][] = [
    [aiOrderAccount(orderId, 'TRY'), cash],
    [systemAccount('market', 'TRY'), buy ? t.amount : t.amount.neg()],
    [systemAccount('fees', 'TRY'), t.costs],
    [aiOrderAccount(orderId, t.symbol), buy ? t.qty : t.qty.neg()],
    [systemAccount('market', t.symbol), buy ? t.qty.neg() : t.qty],
  ];
  return postTransaction(db, {
    reason: AI_REASONS.fill,
    referenceType: AI_REFERENCE,
    referenceId: String(orderId),
    memo: `AI order ${orderId} ${t.side} ${t.qty.toFixed()} ${t.symbol}`,
    lines: raw.filter(([, v]) => !v.isZero()).map(([account, v]) => ({ account, amount: v.toFixed() })),
  });
}

/** An order's ledger balances: its cash (TRY) and its shares by symbol (zero lines left out). */
export async function orderBalances(
  db: Db,
  orderIds: readonly bigint[],
): Promise<Map<bigint, { cash: string; shares: Map<string, string> }>> {
  const out = new Map<bigint, { cash: string; shares: Map<string, string> }>();
  for (const id of orderIds) out.set(id, { cash: '0', shares: new Map() });
  if (orderIds.length === 0) return out;
  const rows = await db
    .select({
      bucket: ledgerAccounts.bucket,
      currency: ledgerAccounts.currency,
      balance: ledgerAccounts.balance,
    })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.wallet, 'product'),
        inArray(
          ledgerAccounts.bucket,
          orderIds.map((id) => `ai:${id}`),
        ),
      ),
    );
  for (const row of rows) {
    const id = BigInt(row.bucket.slice(3));
    const entry = out.get(id);
    if (!entry) continue;
    const balance = canonical(row.balance);
    if (row.currency === 'TRY') entry.cash = balance;
    else if (balance !== '0') entry.shares.set(row.currency, balance);
  }
  return out;
}
