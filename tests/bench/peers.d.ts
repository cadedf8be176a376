// The benchmark peers' parts the cases use, typed here: the peers are installed into
// tests/bench/node_modules only by `npm run bench`, and `tsgo -b` must pass on a clean clone
// without them. Declared as the installed versions (package.json) declare them, narrowed to what
// is called; an ambient module is taken before node_modules, so both cases check the same.

declare module 'ccxt' {
  /** One side of a ccxt order book: [price, amount] rows, best first, kept in order by store(). */
  interface OrderBookSide extends Array<[price: number, amount: number]> {
    store(price: number, amount: number): void;
  }
  interface OrderBook {
    bids: OrderBookSide;
    asks: OrderBookSide;
  }
  interface Exchange {
    orderBook(snapshot?: object, depth?: number): OrderBook;
  }
  const ccxt: { pro: { binance: new () => Exchange } };
  export default ccxt;
}

declare module 'trading-signals' {
  /** `update(price, true)` replaces the last price instead of adding one. */
  class Indicator<Result> {
    update(price: number, replace: boolean): Result | null;
    getResult(): Result | null;
  }
  export class SMA extends Indicator<number> {
    constructor(interval: number);
  }
  export class EMA extends Indicator<number> {
    constructor(interval: number);
  }
  export class RSI extends Indicator<number> {
    constructor(interval: number);
  }
  export class BollingerBands extends Indicator<{ lower: number; middle: number; upper: number }> {
    constructor(interval: number, deviationMultiplier?: number);
  }
  export class MACD extends Indicator<{ histogram: number; macd: number; signal: number }> {
    constructor(short: EMA, long: EMA, signal: EMA);
  }
}

declare module 'technicalindicators' {
  /** Fed one price at a time with nextValue; undefined while warming up. */
  class Indicator<Input, Output> {
    constructor(input: Input & { values: number[] });
    nextValue(price: number): Output | undefined;
  }
  export class SMA extends Indicator<{ period: number }, number> {}
  export class EMA extends Indicator<{ period: number }, number> {}
  export class RSI extends Indicator<{ period: number }, number> {}
  export class BollingerBands extends Indicator<
    { period: number; stdDev: number },
    { middle: number; upper: number; lower: number; pb: number }
  > {}
  export class MACD extends Indicator<
    {
      fastPeriod: number;
      slowPeriod: number;
      signalPeriod: number;
      SimpleMAOscillator: boolean;
      SimpleMASignal: boolean;
    },
    { MACD?: number; signal?: number; histogram?: number }
  > {}
}

declare module 'chrome-launcher' {
  import type { ChildProcess } from 'node:child_process';
  export type LaunchedChrome = {
    pid: number;
    port: number;
    process: ChildProcess;
    kill: () => void;
  };
  export function launch(options?: {
    chromePath?: string;
    chromeFlags?: string[];
    userDataDir?: string | boolean;
    envVars?: { [key: string]: string | undefined };
    logLevel?: 'verbose' | 'info' | 'error' | 'warn' | 'silent';
  }): Promise<LaunchedChrome>;
}

declare module 'lighthouse/core/lib/page-functions.js' {
  export const pageFunctions: {
    /** Lighthouse's CPU benchmark, run in the page (its source is sent there as text). */
    computeBenchmarkIndex: () => number;
  };
}
