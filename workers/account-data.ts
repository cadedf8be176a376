import type { MarginRules } from '../domain/contracts/margin';
import type { AccountDataApi, LivePositionInput, MarketPatch, Topic } from '../domain/market-data/contract';
import type { ServerMessage } from '../domain/protocol/ws';
import type { LivePositions } from './live-positions';
import { PrivateStream } from './private-channel';

export type AccountDataDeps = {
  /** Sends a frame when the socket is open; dropped otherwise (onOpen re-sends what matters). */
  send: (text: string) => void;
  subscribe: (topic: Topic) => number;
  release: (handle: number) => void;
  /** A coin's price scale, null until /coin/infos answered. */
  scaleOf: (symbol: string) => number | null;
  /** The next patch has news (WakeApi): wakes a parked page. */
  changed: () => void;
};

/**
 * The signed-in half of the worker: the private channels and the live contract positions. The
 * market half owns the socket and calls onOpen/onClose/handle; positions follow the `mark`
 * streams through the same subscribe/release any screen uses, so a shared stream is not doubled.
 */
export function createAccountData(deps: AccountDataDeps) {
  const stream = new PrivateStream(deps.send);
  // Contract maths (and decimal.js with it) load with the first followed position: a guest's
  // first load, and most visits, never need them (the worker's share of the budget).
  let positions: LivePositions | null = null;
  let wanted: { list: readonly LivePositionInput[]; rules: MarginRules } | null = null;
  let loading = false;
  // Marks seen meanwhile, so positions on an already-live mark stream get figures at once.
  const earlyMarks = new Map<string, string>();
  const markHandles = new Map<string, number>();

  function follow(live: LivePositions, list: readonly LivePositionInput[], rules: MarginRules): void {
    const symbols = new Set(live.set(list, rules));
    for (const symbol of symbols) {
      if (!markHandles.has(symbol))
        markHandles.set(symbol, deps.subscribe({ kind: 'mark', market: 'coin', symbol }));
    }
    for (const [symbol, handle] of markHandles) {
      if (symbols.has(symbol)) continue;
      deps.release(handle);
      markHandles.delete(symbol);
      live.forget(symbol);
    }
  }

  const api: AccountDataApi = {
    authenticate(token) {
      stream.setToken(token);
    },
    setContractPositions(list, rules) {
      if (positions) return follow(positions, list, rules);
      // The latest list wins; an empty one before the code is here has nothing to clear.
      wanted = { list, rules };
      if (loading || list.length === 0) return;
      loading = true;
      void import('./live-positions').then(
        ({ LivePositions }) => {
          positions = new LivePositions(deps.scaleOf);
          for (const [symbol, mark] of earlyMarks) positions.onMark(symbol, mark);
          earlyMarks.clear();
          if (wanted) follow(positions, wanted.list, wanted.rules);
          wanted = null;
          deps.changed();
        },
        () => {
          loading = false; // the next list tries again
        },
      );
    },
  };

  return {
    api,
    onOpen: () => stream.onOpen(),
    onClose: () => stream.onClose(),
    handle: (message: ServerMessage) => stream.handle(message),
    /** After the market state's flush: the marks it posts drive the positions. */
    flushInto(patch: MarketPatch): boolean {
      if (!positions) {
        for (const [symbol, mark] of Object.entries(patch.marks ?? {})) earlyMarks.set(symbol, mark.mark);
        return stream.flushInto(patch);
      }
      for (const [symbol, mark] of Object.entries(patch.marks ?? {})) positions.onMark(symbol, mark.mark);
      const moved = positions.flushInto(patch);
      return stream.flushInto(patch) || moved;
    },
  };
}
