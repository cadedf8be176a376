import type { ContractPosition, ContractRules } from '../../../domain/protocol/contracts';
import type { CoinAssets } from '../../../domain/protocol/coin-wallet';
import type { ContractPreview } from '../../../domain/protocol/order-preview';
import { ApiError } from '../../http/errors';
import type { TradingDeps } from '../deps';
import { createPositionBook, type EngineCore } from './core';
import { addMargin, closeAll, closePosition, queryPosition, setTrigger, type ClosedAll } from './manage';
import { openPosition, type OpenInput } from './open';
import { previewOpening } from './preview';
import { createRiskEngine } from './risk';
import { riskFiguresOf, type RiskFigure } from './risk-figures';
import { createRulesCache, createSettingCache, hasAcceptedRisk, rulesAnswer } from './rules';
import { openPositions, pagePositions, type Owner } from './store';
import { coinAssets, transferUsdt, type TransferAnswer, type TransferInput } from './wallet';
import { toWire } from './wire';

/** USDT-margined perpetuals: positions, the risk engine on mark ticks, funding. */
export type ContractTrading = {
  start(): Promise<void>;
  stop(): void;
  rules(owner: Owner): Promise<ContractRules>;
  open(owner: Owner, input: OpenInput): Promise<ContractPosition>;
  /** What `open` would cost now; writes nothing. */
  preview(owner: Owner, input: OpenInput): Promise<ContractPreview>;
  list(
    owner: Owner,
    filter: { status: 'open' | 'history'; symbol?: string | undefined; page: number; size: number },
  ): Promise<{ list: ContractPosition[]; total: number; page: number; size: number }>;
  active(owner: Owner): Promise<ContractPosition[]>;
  query(owner: Owner, id: bigint): Promise<ContractPosition>;
  /** `quantity` of one position at market (all when absent), at the user's request. */
  close(owner: Owner, id: bigint, quantity?: string): Promise<ContractPosition>;
  /** Every open position at market, or only the named `ids` (those still open). */
  closeAll(owner: Owner, ids?: readonly bigint[]): Promise<ClosedAll>;
  setTakeProfit(owner: Owner, id: bigint, price: string | undefined): Promise<ContractPosition>;
  setStopLoss(owner: Owner, id: bigint, price: string | undefined): Promise<ContractPosition>;
  addMargin(owner: Owner, id: bigint, amount: string): Promise<ContractPosition>;
  /** Closes the user's demo positions at market before a demo reset; NO_LIQUIDITY if one cannot close. */
  onDemoReset(userId: bigint): Promise<void>;
  /** Open positions' liquidation distance and margin ratio at `mark` (alerts read them on mark ticks). */
  riskFigures(symbol: string, mark: string): RiskFigure[];
  /** Resolves once every risk job the mark ticks so far started has committed (tests). */
  settled(): Promise<void>;
  transfer(owner: Owner, input: TransferInput): Promise<TransferAnswer>;
  assets(owner: Owner): Promise<CoinAssets>;
};

export function createContractTrading(deps: TradingDeps): ContractTrading {
  const core: EngineCore = {
    db: deps.db,
    market: deps.market,
    clock: deps.clock,
    writer: deps.writer,
    rules: createRulesCache(deps.db, () => deps.clock.now()),
    book: createPositionBook(),
    log: deps.log,
  };
  const risk = createRiskEngine(core);
  const coinSpot = createSettingCache(deps.db, 'coinSpot', () => deps.clock.now());
  let unsubscribe: (() => void) | null = null;

  return {
    async start() {
      await core.rules.refresh();
      core.book.clear();
      const holds = deps.holds ?? (() => true);
      for (const p of await openPositions(core.db)) if (holds(p.symbol)) core.book.put(p);
      unsubscribe = core.market.on((event) => {
        if (event.type === 'mark') risk.onMark(event.symbol, event.mark);
      });
    },
    stop() {
      unsubscribe?.();
      unsubscribe = null;
    },
    async rules(owner) {
      const settings = await core.rules.get();
      return rulesAnswer(settings, await hasAcceptedRisk(core.db, owner.userId, settings.riskVersion));
    },
    open: (owner, input) => openPosition(core, owner, input),
    preview: (owner, input) => previewOpening(core, owner, input),
    async list(owner, filter) {
      const settings = await core.rules.get();
      const { list, total } = await pagePositions(core.db, owner, {
        ...filter,
        history: filter.status === 'history',
      });
      return {
        list: list.map((p) => toWire(p, core.market, settings)),
        total,
        page: filter.page,
        size: filter.size,
      };
    },
    async active(owner) {
      const settings = await core.rules.get();
      return (await openPositions(core.db, owner)).map((p) => toWire(p, core.market, settings));
    },
    query: (owner, id) => queryPosition(core, owner, id),
    close: (owner, id, quantity) => closePosition(core, owner, id, quantity),
    closeAll: (owner, ids) => closeAll(core, owner, ids),
    setTakeProfit: (owner, id, price) => setTrigger(core, owner, id, 'takeProfit', price),
    setStopLoss: (owner, id, price) => setTrigger(core, owner, id, 'stopLoss', price),
    addMargin: (owner, id, amount) => addMargin(core, owner, id, amount),
    async onDemoReset(userId) {
      const demo = { userId, accountType: 'demo' } as const;
      await closeAll(core, demo);
      // The reset zeroes the frozen margin: a position the book could not take now must not be
      // left open without it. Refused instead (those that did close stay closed, ledgered).
      if ((await openPositions(core.db, demo)).length > 0) throw new ApiError('NO_LIQUIDITY');
    },
    settled: () => risk.settled(),
    riskFigures: (symbol, mark) => riskFiguresOf(core, symbol, mark),
    transfer: (owner, input) => transferUsdt(core.db, core.writer, owner, input),
    async assets(owner) {
      const settings = await core.rules.get();
      const open = await openPositions(core.db, owner);
      const pnl = open.map((p) => toWire(p, core.market, settings).unrealizedPnl);
      // The spot engine books with this same setting: the ticket's fee preview is the booking's.
      const { feeRate, minAmount } = await coinSpot.get();
      return { ...(await coinAssets(core.db, core.market, owner, pnl)), spot: { feeRate, minAmount } };
    },
  };
}
