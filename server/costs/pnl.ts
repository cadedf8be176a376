import Decimal from 'decimal.js';
import { cashScale } from '../../domain/format/money';
import type { RealisticPnl } from '../../domain/protocol/account';
import type { Session } from '../auth/session-types';
import type { Db } from '../db/client';
import { pnlSums } from './store';

/** The wallets' cash (the ledger's: a coin wallet trades against USDT). */
const CASH = { stock: 'TRY', coin: 'USDT' } as const;

/**
 * The account's paper and realistic realised P&L per spot wallet (/user/assets `realistic`), each
 * figure rounded half up to its cash's decimals; realistic = paper − Σ lines.
 */
export async function realisticPnl(db: Db, session: Session): Promise<RealisticPnl[]> {
  const rows = await pnlSums(db, session);
  // The wallets in the order the assets screen lists them: stocks first.
  rows.sort((a, b) => (a.wallet === b.wallet ? 0 : a.wallet === 'stock' ? -1 : 1));
  return rows.map((s) => {
    const currency = CASH[s.wallet];
    const show = (v: Decimal.Value) =>
      new Decimal(v).toDecimalPlaces(cashScale(currency), Decimal.ROUND_HALF_UP).toFixed();
    return {
      wallet: s.wallet,
      currency,
      paper: show(s.paper),
      realistic: show(new Decimal(s.paper).minus(s.delta)),
      slippage: show(s.slippage),
      fees: show(s.fees),
      taxes: show(s.taxes),
      queue: show(s.queue),
      fills: s.fills,
      priced: s.priced,
    };
  });
}
