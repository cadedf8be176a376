import Decimal from 'decimal.js';
import { d, USDT_SCALE } from '../../../domain/contracts';
import type { CoinAssets } from '../../../domain/protocol/coin-wallet';
import { verifyTradePassword } from '../../accounts/pins';
import { sessionUser } from '../../accounts/profile';
import type { Db } from '../../db/client';
import { ApiError } from '../../http/errors';
import { userAccount } from '../../ledger/account-ref';
import { userBalances } from '../../ledger/balances';
import { transfer } from '../../ledger/moves';
import type { MarketSource } from '../../market/source';
import type { Writer } from '../writer';
import { announceBalances } from './notify';
import { walletBalance, type Owner } from './store';
import * as v from './validate';

type Side = 'coin' | 'contract';
export type TransferInput = { from: Side; to: Side; amount: string; tradePassword?: string | undefined };
export type TransferAnswer = {
  transactionId: string;
  from: Side;
  to: Side;
  amount: string;
  coinAvailable: string;
  contractAvailable: string;
};

/**
 * USDT between the currency (coin) and contract accounts of the token's
 * account type. A money-moving action outside order entry, so the transaction password confirms
 * it (DECISIONS §3). Through the trading writer: it is ordered with the openings that spend the
 * contract balance.
 */
export async function transferUsdt(
  db: Db,
  writer: Writer,
  owner: Owner,
  input: TransferInput,
): Promise<TransferAnswer> {
  if (input.from === input.to) throw new ApiError('TRANSFER_SAME_WALLET');
  const amount = v.positiveAmount(input.amount, 'amount', USDT_SCALE);
  if (input.tradePassword === undefined || input.tradePassword === '') {
    const user = await sessionUser(db, owner.userId);
    throw new ApiError(
      user.tradePasswordHash === null ? 'TRADE_PASSWORD_NOT_SET' : 'TRADE_PASSWORD_REQUIRED',
    );
  }
  await verifyTradePassword(db, owner.userId, input.tradePassword);
  // Both accounts in the batch's first round, in code order (coin before contract): taken in the
  // job's own round, behind a contract job of the same user holding the contract account, the
  // coin one came second, and a demo reset posting in code order held it while it waited for the
  // contract one (docs/partitions.md, "Lock order").
  const accounts = (['coin', 'contract'] as const).map((wallet) =>
    userAccount(owner.userId, owner.accountType, wallet, 'USDT'),
  );
  return writer.run(
    async (job) => {
      const { tx } = job;
      const available = await walletBalance(tx, owner, input.from);
      if (available.lt(amount.toFixed())) throw new ApiError('INSUFFICIENT_BALANCE');
      const posted = await transfer(tx, {
        userId: owner.userId,
        accountType: owner.accountType,
        fromWallet: input.from,
        toWallet: input.to,
        currency: 'USDT',
        amount: amount.toFixed(),
        reason: 'transfer',
        referenceType: 'user',
        referenceId: String(owner.userId),
        memo: `USDT ${input.from} → ${input.to}`,
      });
      await announceBalances(job, owner);
      return {
        transactionId: String(posted.id),
        from: input.from,
        to: input.to,
        amount: amount.toFixed(),
        coinAvailable: (await walletBalance(tx, owner, 'coin')).toFixed(),
        contractAvailable: (await walletBalance(tx, owner, 'contract')).toFixed(),
      };
    },
    { prefetch: (batch) => batch.ledger.want(accounts) },
  );
}

/**
 * The coin wallet per currency valued at the last price of its USDT market,
 * and the contract wallet with its open positions' unrealised PnL (at the mark).
 */
export async function coinAssets(
  db: Db,
  market: MarketSource,
  owner: Owner,
  unrealized: readonly string[],
): Promise<CoinAssets> {
  const balances = await userBalances(db, owner.userId, owner.accountType);
  let totalUsdt = d(0);
  const coin = balances
    .filter((b) => b.wallet === 'coin')
    .map((b) => {
      const last = b.currency === 'USDT' ? '1' : market.ticker(`${b.currency}USDT`)?.last;
      const value =
        last === undefined ? null : d(b.total).mul(last).toDecimalPlaces(USDT_SCALE, Decimal.ROUND_DOWN);
      if (value) totalUsdt = totalUsdt.plus(value);
      return { ...b, valueUsdt: value === null ? null : value.toFixed() };
    })
    .map(({ currency, available, frozen, total, valueUsdt }) => ({
      currency,
      available,
      frozen,
      total,
      valueUsdt,
    }));
  const cash = balances.find((b) => b.wallet === 'contract' && b.currency === 'USDT');
  const pnl = unrealized.reduce((sum, x) => sum.plus(x), d(0));
  const contractTotal = d(cash?.total ?? '0');
  totalUsdt = totalUsdt.plus(contractTotal).plus(pnl);
  return {
    coin,
    contract: {
      available: cash?.available ?? '0',
      frozen: cash?.frozen ?? '0',
      total: contractTotal.toFixed(),
      unrealizedPnl: pnl.toFixed(),
    },
    totalUsdt: totalUsdt.toFixed(),
  };
}
