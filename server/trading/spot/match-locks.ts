import Decimal from 'decimal.js';
import type { AccountType } from '../../../domain/protocol/account';
import { BUCKETS, userAccount, type AccountRef } from '../../ledger/account-ref';
import type { Instrument, MarketSource } from '../../market/source';
import { currenciesOf, fillSystemAccounts } from './booking';
import type { RestingEntry, RestingIndex } from './resting';

type Owner = { userId: bigint; accountType: AccountType };

/** The wallet an instrument's spot orders trade from. */
const walletOf = (instrument: Pick<Instrument, 'market'>) =>
  instrument.market === 'stock' ? 'stock' : 'coin';

/** A user's accounts an order of `instrument` books to: its cash and its asset, both buckets. */
export function traderAccounts(owner: Owner, instrument: Instrument): AccountRef[] {
  const wallet = walletOf(instrument);
  const { cash, asset } = currenciesOf({ wallet, symbol: instrument.symbol }, instrument);
  return [cash, asset].flatMap((currency) =>
    BUCKETS.map((bucket) => userAccount(owner.userId, owner.accountType, wallet, currency, bucket)),
  );
}

/** The resting orders of `symbol` the book crosses now: the ones a matching job may fill. */
export function crossingEntries(source: MarketSource, index: RestingIndex, symbol: string, now: number) {
  const book = source.book(symbol, 1);
  const ask = book?.asks[0]?.[0];
  const bid = book?.bids[0]?.[0];
  return index
    .entries(symbol)
    .filter((e) => e.expiresAt === null || e.expiresAt > now)
    .filter((e) =>
      e.side === 'buy'
        ? ask !== undefined && new Decimal(ask).lte(e.price)
        : bid !== undefined && new Decimal(bid).gte(e.price),
    );
}

/**
 * What a matching job locks in its batch's first round: the symbol's system accounts and every
 * account of the users whose orders the book crosses at the batch's start. Two stock partitions
 * share users' TRY accounts; a job that took them one fill at a time, in later rounds, could hold
 * one user's and wait for another's that the other partition's batch holds while it waits for
 * the first (docs/partitions.md, "Lock order").
 */
export function matchAccounts(instrument: Instrument, entries: readonly RestingEntry[]): AccountRef[] {
  return [...fillSystemAccounts(instrument), ...entries.flatMap((e) => traderAccounts(e, instrument))];
}
