import type { MarketEvent } from '../source';
import { createSimulator } from './simulator';

/**
 * For the simulator's tests: the default market, always open, on a clock only the test moves,
 * with every event it announced. `lag` moves the clock alone (a broker whose loop was busy);
 * `advance` moves it and steps a minute at a time (the simulator replays at most a minute of a
 * longer pause, so every tick runs). `symbols`, when given, are the only instruments drawn (each
 * draws from its own seed, so they behave as in the whole market): every tick steps each
 * instrument, and minutes of the whole catalogue's ticks cost seconds of CPU a test.
 */
export function manualMarket(seed: number, start: number, symbols?: readonly string[]) {
  let now = start;
  const only = symbols ? new Set(symbols) : undefined;
  const sim = createSimulator({
    seed,
    clock: { now: () => now },
    alwaysOpen: true,
    profile: 'default',
    ...(only ? { slice: (symbol: string) => only.has(symbol) } : {}),
  });
  const events: MarketEvent[] = [];
  sim.on((event) => events.push(event));
  const advance = (ms: number) => {
    for (const end = now + ms; now < end;) {
      now = Math.min(end, now + 60_000);
      sim.step(now);
    }
  };
  const lag = (ms: number) => void (now += ms);
  const of = (symbol: string) => events.filter((e) => e.type !== 'status' && e.symbol === symbol);
  return { sim, events, advance, lag, of, now: () => now };
}
