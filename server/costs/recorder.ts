import type { Db } from '../db/client';
import type { MarketSource } from '../market/source';
import type { TradingLog } from '../trading/deps';
import type { RealisticTap } from '../trading/spot/booking';
import { ExecutionNotes } from './notes';
import { realisticRowsInTurn, type ExecutionToPrice } from './price';
import { heldBackOf } from './held-back';
import { saveRealistic } from './store';

/** Executions waiting to be priced and written; past it the newest are dropped (and logged). */
export const PENDING_CAP = 10_000;

/**
 * Prices every spot fill on a real venue (docs/real-costs.md) off the fill path: the engine's tap
 * only notes what the job booked (a resting order's place in its queue is read from the book as
 * it joins); the counterparts are computed and written after the batch has committed, a batch of
 * executions at a time, outside the writer. A fill whose counterpart is lost (a crash before it
 * was written) counts on paper only.
 */
export class RealisticRecorder {
  private readonly notes: ExecutionNotes;
  private pending: ExecutionToPrice[] = [];
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;
  private off: (() => void) | null = null;

  constructor(private readonly deps: { db: Db; market: MarketSource; log?: TradingLog | undefined }) {
    this.notes = new ExecutionNotes(deps.market);
  }

  start(): void {
    this.off ??= this.deps.market.on((e) => {
      if (e.type === 'trades') this.notes.hear(e.symbol, e.trades);
    });
  }

  stop(): void {
    this.off?.();
    this.off = null;
  }

  /** Resolves once every execution noted so far is written (tests; a shutdown). */
  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.scheduled) {
      this.flush();
      await this.writing;
    }
    await this.writing;
  }

  readonly tap: RealisticTap = (jc, booked, role) => {
    const { exec, settle } = this.notes.note(booked, role);
    if (exec) jc.afterCommit(() => this.enqueue(exec));
    jc.afterCommit(settle);
  };

  private enqueue(exec: ExecutionToPrice): void {
    if (this.pending.length >= PENDING_CAP) {
      this.deps.log?.warn({ symbol: exec.symbol }, 'realistic costs: queue full, execution not priced');
      return;
    }
    this.pending.push(exec);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
  }

  private flush(): void {
    this.scheduled = false;
    if (this.pending.length === 0) return;
    const batch = this.pending;
    this.pending = [];
    this.writing = this.writing.then(async () => {
      try {
        // Only a sell reads the units held back (a buy is priced without them): none, no query.
        const sells = batch.filter((e) => e.side === 'sell' && e.held !== null);
        const heldBack = await heldBackOf(this.deps.db, sells);
        await saveRealistic(this.deps.db, realisticRowsInTurn(batch, heldBack));
      } catch (err) {
        this.deps.log?.error({ err }, 'realistic costs: write failed');
      }
    });
  }
}
