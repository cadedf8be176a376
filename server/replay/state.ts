import Decimal from 'decimal.js';
import type { ReplayState } from '../../domain/protocol/replay';
import { canonical } from '../ledger/decimal';
import { currenciesOf } from '../trading/spot/booking';
import { fillToWire, orderToWire, realizedOf } from '../trading/spot/rows';
import type { ReplayRun } from './run';

/** Fills a state answer carries, newest last (all of them are kept for the end's result). */
export const REPLAY_FILLS_SHOWN = 100;

/**
 * The replay as the client shows it. `frames`: the frames since the last read are taken with it
 * (the state read), `snapshot` every stream starts again from a snapshot first; `none` (every
 * other answer) leaves them for the reader that follows the replay.
 */
export function stateOf(
  run: ReplayRun,
  frames: 'next' | 'snapshot' | 'none' = 'none',
  reader = '',
): ReplayState {
  const { info, paper, market } = run;
  const positions = info.instruments.flatMap((instrument) => {
    const wallet = instrument.market === 'coin' ? 'coin' : 'stock';
    const { asset } = currenciesOf({ wallet, symbol: instrument.symbol }, instrument);
    const bucket = paper.balances.get(asset);
    const position = paper.positions.get(instrument.symbol);
    if (!bucket && !position) return [];
    const qty = bucket ? bucket.available.plus(bucket.frozen) : new Decimal(0);
    return [
      {
        symbol: instrument.symbol,
        qty: canonical(qty),
        avgCost: canonical(position?.avgCost ?? new Decimal(0)),
        realizedPnl: canonical(realizedOf(wallet, (position?.realized ?? new Decimal(0)).toFixed())),
      },
    ];
  });
  return {
    id: String(info.id),
    day: info.day,
    symbols: info.instruments.map((i) => i.symbol),
    instruments: info.instruments.map(({ symbol, market, priceScale, qtyScale }) => ({
      symbol,
      market,
      priceScale,
      qtyScale,
    })),
    clock: {
      t: Math.floor(run.t),
      from: info.from,
      to: info.to,
      speed: String(run.speed) as ReplayState['clock']['speed'],
      paused: run.paused,
      floor: Math.floor(Math.max(info.from, run.lastActionAt ?? info.from)),
    },
    balances: [...paper.balances].map(([currency, b]) => ({
      currency,
      available: canonical(b.available),
      frozen: canonical(b.frozen),
    })),
    positions,
    orders: [...paper.orders.values()].reverse().map((o) => orderToWire(o, market)),
    fills: paper.fills.slice(-REPLAY_FILLS_SHOWN).map(fillToWire),
    conditionals: run.conditionals.legs.map(({ trail: _trail, fired: _fired, ...leg }) => leg),
    frames: frames === 'none' ? [] : takeFrames(run, frames === 'snapshot', reader),
  };
}

function takeFrames(run: ReplayRun, snapshot: boolean, reader: string): string[] {
  if (snapshot) run.frames.restart(reader);
  return run.frames.drain(run.t, reader);
}
