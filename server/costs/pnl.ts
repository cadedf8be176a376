import { pnlFigures } from '../../domain/costs/pnl-figures';
import { cashScale } from '../../domain/format/money';
import type { RealisticPnl } from '../../domain/protocol/account';
import type { Session } from '../auth/session-types';
import type { Db } from '../db/client';
import { pnlSums } from './store';

/** The wallets' cash (the ledger's: a coin wallet trades against USDT). */
const CASH = { stock: 'TRY', coin: 'USDT' } as const;

/**
 * The account's paper and realistic realised P&L per spot wallet (/user/assets `realistic`), each
 * figure truncated to its cash's decimals and realistic = paper − Σ lines of those (pnlFigures).
 */
export async function realisticPnl(db: Db, session: Session): Promise<RealisticPnl[]> {
  const rows = await pnlSums(db, session);
  // The wallets in the order the assets screen lists them: stocks first.
  rows.sort((a, b) => (a.wallet === b.wallet ? 0 : a.wallet === 'stock' ? -1 : 1));
  return rows.map((s) => {
    const currency = CASH[s.wallet];
    return {
      wallet: s.wallet,
      currency,
      ...pnlFigures(s, cashScale(currency)),
      fills: s.fills,
      priced: s.priced,
    };
  });
}
