import Decimal from 'decimal.js';

/** A wallet's raw sums: paper realised P&L and the lines that make realistic differ from it. */
export type PnlSumsText = { paper: string; slippage: string; fees: string; taxes: string; queue: string };

export type PnlFigures = PnlSumsText & { realistic: string };

/**
 * The figures the assets screen shows, at the cash's decimals: each truncated toward zero as
 * money is shown (DECISIONS §3), and realistic = paper − Σ lines of the figures shown, so the
 * lines a reader adds up come to the difference shown (rounding each on its own did not).
 */
export function pnlFigures(sums: PnlSumsText, scale: number): PnlFigures {
  const cut = (v: string) => new Decimal(v).toDecimalPlaces(scale, Decimal.ROUND_DOWN);
  const paper = cut(sums.paper);
  const slippage = cut(sums.slippage);
  const fees = cut(sums.fees);
  const taxes = cut(sums.taxes);
  const queue = cut(sums.queue);
  const realistic = paper.minus(slippage).minus(fees).minus(taxes).minus(queue);
  return {
    paper: paper.toFixed(),
    realistic: realistic.toFixed(),
    slippage: slippage.toFixed(),
    fees: fees.toFixed(),
    taxes: taxes.toFixed(),
    queue: queue.toFixed(),
  };
}
