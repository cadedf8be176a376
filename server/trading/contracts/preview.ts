import type { ContractPreview } from '../../../domain/protocol/order-preview';
import { priceDistance } from '../../../domain/trade/order-preview';
import { onOneState } from '../../market/source';
import type { EngineCore } from './core';
import { checkOpening, openedRow, planOpening, type OpenInput } from './open';
import { walletBalance, type Owner } from './store';
import { toWire } from './wire';

/**
 * What opening a position would cost now, by the opening's own steps: its checks
 * (checkOpening), its plan on the book (planOpening: the levels, the margin and fee, the
 * minimum, the liquidation and trigger checks, the wallet), and the row it would write, read
 * back as the wire reads a position (toWire: entry price, liquidation price). Refuses what
 * opening refuses, with the same keys; writes nothing, not even the risk acceptance.
 */
export async function previewOpening(
  core: EngineCore,
  owner: Owner,
  input: OpenInput,
): Promise<ContractPreview> {
  const checked = await checkOpening(core, owner, input);
  const { instrument, settings } = checked;
  const side = input.side === 'long' ? 'buy' : 'sell';
  const available = await walletBalance(core.db, owner, 'contract');
  const { planned, plan, cost } = onOneState(core.market, () =>
    planOpening(core, input, checked, side, available),
  );
  const row = openedRow(owner, input, instrument.symbol, plan, cost, checked, core.clock.now());
  const wire = toWire({ ...row, id: 0n }, core.market, settings);
  const last = core.market.ticker(instrument.symbol)?.last ?? null;
  const distance = priceDistance(wire.entryPrice, last);
  return {
    symbol: instrument.symbol,
    side: input.side,
    leverage: input.leverage,
    fills: planned.map(({ price, qty }) => ({ price, qty })),
    qty: wire.qty,
    avgPrice: wire.entryPrice,
    notional: cost.notional.toFixed(),
    margin: wire.margin,
    fees: [{ key: 'openFee', amount: wire.openFee }],
    feeTotal: wire.openFee,
    total: cost.total.toFixed(),
    liquidationPrice: wire.liquidationPrice,
    mark: wire.mark,
    last,
    priceDiff: distance?.diff ?? null,
    priceDiffPercent: distance?.percent ?? null,
  };
}
