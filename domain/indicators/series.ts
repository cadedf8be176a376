import { Bollinger } from './bollinger';
import { Kdj } from './kdj';
import { Macd } from './macd';
import { Ema, Sma } from './moving-average';
import { Rsi } from './rsi';
import type { BarInput, IndicatorPeriods, IndicatorSeries, MainIndicator, SubIndicator } from './types';

/** Writes each line's value for `bar` into `out`, in line order, NaN while warming up. */
type Step = (bar: BarInput, replace: boolean, out: number[]) => void;

function series(lines: string[], step: Step): IndicatorSeries {
  return { lines, step };
}

/** One line per period over `pick(bar)`, named prefix + period (MA5, EMA10, RSI6…). */
function perPeriod(
  prefix: string,
  periods: readonly number[],
  make: (period: number) => Sma | Ema | Rsi,
  pick: (bar: BarInput) => number,
  head?: { name: string; pick: (bar: BarInput) => number },
): IndicatorSeries {
  const parts = periods.map((p) => make(p));
  const lines = [...(head ? [head.name] : []), ...periods.map((p) => `${prefix}${p}`)];
  const first = head ? 1 : 0;
  return series(lines, (bar, replace, out) => {
    const x = pick(bar);
    if (head) out[0] = head.pick(bar);
    for (let i = 0; i < parts.length; i++) out[first + i] = parts[i]!.update(x, replace);
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
      return series(['UP', 'MID', 'LOW'], (bar, replace, out) => {
        boll.update(bar.close, replace);
        out[0] = boll.up;
        out[1] = boll.mid;
        out[2] = boll.low;
      });
    }
    case 'MACD': {
      const macd = new Macd(...periods.MACD);
      return series(['DIF', 'DEA', 'MACD'], (bar, replace, out) => {
        macd.update(bar.close, replace);
        out[0] = macd.dif;
        out[1] = macd.dea;
        out[2] = macd.bar;
      });
    }
    case 'KDJ': {
      const kdj = new Kdj(...periods.KDJ);
      return series(['K', 'D', 'J'], (bar, replace, out) => {
        if (replace) kdj.replace(bar.high, bar.low, bar.close);
        else kdj.add(bar.high, bar.low, bar.close);
        out[0] = kdj.k;
        out[1] = kdj.d;
        out[2] = kdj.j;
      });
    }
  }
}
