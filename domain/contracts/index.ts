/**
 * USDT-margined perpetual maths (DECISIONS §3): pure, Decimal in, Decimal (or null when a formula has
 * no answer) out; display strings only from figures.ts, shared by the server and the worker.
 */
export { ContractDecimal, d, USDT_SCALE, PERCENT_SCALE, type DecimalLike } from './decimal';
export {
  tierFor,
  maintenanceMargin,
  unrealizedPnl,
  roe,
  equity,
  closeFee,
  closeFeeRate,
  closeFees,
  liquidationCloseRate,
  marginRatio,
  type MarginRules,
} from './margin';
export {
  liquidationBuffer,
  liquidationOutcome,
  liquidationPrice,
  shouldLiquidate,
  type LiquidationOutcome,
  type PositionCore,
} from './liquidation';
export {
  openCost,
  qtyForMargin,
  qtyForOffer,
  type FillAt,
  type OpenCost,
  type OpenCostInput,
} from './open-cost';
export { fundingPayment } from './funding';
export {
  figuresAt,
  fixed,
  closedFigures,
  positionFigures,
  preparePosition,
  whatIf,
  type PositionFigures,
  type PreparedPosition,
  type WhatIf,
} from './figures';
