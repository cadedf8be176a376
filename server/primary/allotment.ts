import Decimal from 'decimal.js';
import type { IpoCharge } from '../../domain/ipo/money';
import type { AccountType } from '../../domain/protocol/account';
import type { Db } from '../db/client';
import { systemAccount, userAccount } from '../ledger/account-ref';
import { postTransaction, type PostedTransaction, type PostingLine } from '../ledger/post';
import { bookHolding, relockListed, unlockAfterListing } from './holdings';

/**
 * The two ledger moves an IPO allotment makes, retail (server/primary/ipo/pass.ts) and offline
 * (server/primary/bulk/offline-pass.ts) alike: the allotted lots' charge taken from the hold and
 * paid to the issuer (costs to fees), and the shares delivered by the issuer and booked as a
 * holding locked until the first session after the listing (DECISIONS §5: IPO shares, T+1). A
 * retail allotment is delivered when it is paid for (at allocation, or on a pay-after payment):
 * the shares are the user's from then, so the account never shows money gone and nothing for it.
 */
type Reference = { referenceType: string; referenceId: string };
type Owner = { userId: bigint; accountType: AccountType };

/** The system accounts an allotment's charge posts to: a pass over many applicants locks them first. */
export const ALLOTMENT_SYSTEM_ACCOUNTS = [systemAccount('fees', 'TRY'), systemAccount('issuer', 'TRY')];

/** …and, when the shares are delivered with the charge, the issuer's share account of `symbol`. */
export const allotmentSystemAccounts = (symbol: string) => [
  ...ALLOTMENT_SYSTEM_ACCOUNTS,
  systemAccount('issuer', symbol),
];

/**
 * `from`: the bucket paying — the hold (`frozen`, the default) or, for a pay-after IPO paid after
 * allocation, the free cash (`available`), so a payment is one posting and never a hold left open.
 */
export async function chargeAllotment(
  tx: Db,
  owner: Owner &
    Reference & { symbol: string; lots: bigint; charge: IpoCharge; from?: 'frozen' | 'available' },
): Promise<PostedTransaction> {
  const { charge } = owner;
  const lines: PostingLine[] = [
    {
      account: userAccount(owner.userId, owner.accountType, 'stock', 'TRY', owner.from ?? 'frozen'),
      amount: new Decimal(charge.total).neg().toFixed(),
    },
    { account: systemAccount('issuer', 'TRY'), amount: charge.amount },
  ];
  if (!new Decimal(charge.costs).isZero())
    lines.push({ account: systemAccount('fees', 'TRY'), amount: charge.costs });
  return postTransaction(tx, {
    reason: owner.from === 'available' ? 'ipo_payment' : 'ipo_allotment',
    referenceType: owner.referenceType,
    referenceId: owner.referenceId,
    memo: `${owner.symbol} ${owner.lots.toString()} lot`,
    lines,
  });
}

export async function deliverAllotted(
  tx: Db,
  owner: Owner &
    Reference & { symbol: string; shares: Decimal; cost: string; listingAt: number; now: number },
): Promise<PostedTransaction> {
  const posted = await postTransaction(tx, {
    reason: 'ipo_listing',
    referenceType: owner.referenceType,
    referenceId: owner.referenceId,
    memo: `${owner.shares.toFixed()} ${owner.symbol}`,
    lines: [
      { account: systemAccount('issuer', owner.symbol), amount: owner.shares.neg().toFixed() },
      {
        account: userAccount(owner.userId, owner.accountType, 'stock', owner.symbol),
        amount: owner.shares.toFixed(),
      },
    ],
  });
  await bookHolding(tx, {
    userId: owner.userId,
    accountType: owner.accountType,
    symbol: owner.symbol,
    shares: owner.shares,
    cost: owner.cost,
    unlockAt: unlockAfterListing(owner.listingAt, owner.now),
    now: owner.now,
  });
  return posted;
}

/**
 * Listing day of an allotment. Shares delivered when paid for (`listingTxId`) are only re-dated:
 * their lock ends at the first session after the listing, which an operator may have brought
 * forward. An allotment paid before delivery at allocation existed is delivered here, as it used
 * to be: the issuer's shares into the stock wallet at what was charged, T+1 locked (DECISIONS §5).
 * Answers the facts the application row records: listed now, and the delivery's transaction (the
 * one it had when it only re-dated the lock).
 */
export async function listAllotment(
  tx: Db,
  referenceType: string,
  row: Owner & { id: bigint; allottedLots: string | null; charged: string; listingTxId: bigint | null },
  offering: { symbol: string; lotSize: number; listingAt: number },
  now: number,
): Promise<{ listedAt: number; listingTxId: bigint | null }> {
  const shares = new Decimal(row.allottedLots ?? '0').times(offering.lotSize);
  const owner = { userId: row.userId, accountType: row.accountType, symbol: offering.symbol };
  if (row.listingTxId !== null) {
    await relockListed(tx, { ...owner, shares }, offering.listingAt, now);
    return { listedAt: now, listingTxId: row.listingTxId };
  }
  const posted = await deliverAllotted(tx, {
    ...owner,
    referenceType,
    referenceId: String(row.id),
    shares,
    cost: row.charged,
    listingAt: offering.listingAt,
    now,
  });
  return { listedAt: now, listingTxId: posted.id };
}
