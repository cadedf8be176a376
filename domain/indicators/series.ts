import { Bollinger } from './bollinger';
import { Kdj } from './kdj';
import { Macd } from './macd';
import { Ema, Sma } from './moving-average';
import { Rsi } from './rsi';
import type {
  BarInput,
  IndicatorPeriods,
  IndicatorSeries,
  LineValues,
  MainIndicator,
  SubIndicator,
} from './types';

/** NaN is how the streaming classes say "warming up"; the chart wants null. */
const shown = (x: number): number | null => (x === x ? x : null);

type Step = (bar: BarInput, replace: boolean) => LineValues;

function series(lines: string[], step: Step): IndicatorSeries {
  return { lines, add: (bar) => step(bar, false), replace: (bar) => step(bar, true) };
}

/** One line per period over `pick(bar)`, named prefix + period (MA5, EMA10, RSI6…). */
function perPeriod(
  prefix: string,
  periods: readonly number[],
  make: (period: number) => Sma | Ema | Rsi,
  pick: (bar: BarInput) => number,
  head?: { name: string; pick: (bar: BarInput) => number },
): IndicatorSeries {
  const parts = periods.map((p) => ({ name: `${prefix}${p}`, ind: make(p) }));
  const lines = [...(head ? [head.name] : []), ...parts.map((p) => p.name)];
  return series(lines, (bar, replace) => {
    const x = pick(bar);
    const out: LineValues = {};
    if (head) out[head.name] = head.pick(bar);
    for (const { name, ind } of parts) out[name] = shown(ind.update(x, replace));
    return out;
  });
}

const close = (bar: BarInput) => bar.close;

/**
 * A configured indicator over a bar series, O(1) per `add` (a new bar) or `replace` (the live bar
 * changed). Each call returns a fresh object with every line: null while warming up.
 */
export function createIndicatorSeries(
  kind: MainIndicator | SubIndicator,
  periods: IndicatorPeriods,
): IndicatorSeries {
  switch (kind) {
    case 'SMA':
      return perPeriod('MA', periods.SMA, (p) => new Sma(p), close);
    case 'EMA':
      return perPeriod('EMA', periods.EMA, (p) => new Ema(p), close);
    case 'RSI':
      return perPeriod('RSI', periods.RSI, (p) => new Rsi(p), close);
    case 'VOL':
      return perPeriod(
        'MA',
        periods.VOL,
        (p) => new Sma(p),
        (bar) => bar.volume,
        {
          name: 'VOL',
          pick: (bar) => bar.volume,
        },
      );
    case 'BOLL': {
      const boll = new Bollinger(periods.BOLL[0], periods.BOLL[1]);
      return series(['UP', 'MID', 'LOW'], (bar, replace) => {
        boll.update(bar.close, replace);
        return { UP: shown(boll.up), MID: shown(boll.mid), LOW: shown(boll.low) };
      });
    }
    case 'MACD': {
      const macd = new Macd(...periods.MACD);
      return series(['DIF', 'DEA', 'MACD'], (bar, replace) => {
        macd.update(bar.close, replace);
        return { DIF: shown(macd.dif), DEA: shown(macd.dea), MACD: shown(macd.bar) };
      });
    }
    case 'KDJ': {
      const kdj = new Kdj(...periods.KDJ);
      return series(['K', 'D', 'J'], (bar, replace) => {
        if (replace) kdj.replace(bar.high, bar.low, bar.close);
        else kdj.add(bar.high, bar.low, bar.close);
        return { K: shown(kdj.k), D: shown(kdj.d), J: shown(kdj.j) };
      });
    }
  }
}
