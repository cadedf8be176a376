import type { AccountDataApi, MarketPatch, Topic } from '../domain/market-data/contract';
import type { ServerMessage } from '../domain/protocol/ws';
import { LivePositions } from './live-positions';
import { PrivateStream } from './private-channel';

export type AccountDataDeps = {
  /** Sends a frame when the socket is open; dropped otherwise (onOpen re-sends what matters). */
  send: (text: string) => void;
  subscribe: (topic: Topic) => number;
  release: (handle: number) => void;
  /** A coin's price scale, null until /coin/infos answered. */
  scaleOf: (symbol: string) => number | null;
};

/**
 * The signed-in half of the worker: the private channels and the live contract positions. The
 * market half owns the socket and calls onOpen/onClose/handle; positions follow the `mark`
 * streams through the same subscribe/release any screen uses, so a shared stream is not doubled.
 */
export function createAccountData(deps: AccountDataDeps) {
  const stream = new PrivateStream(deps.send);
  const positions = new LivePositions(deps.scaleOf);
  const markHandles = new Map<string, number>();

  const api: AccountDataApi = {
    authenticate(token) {
      stream.setToken(token);
    },
    setContractPositions(list, rules) {
      const symbols = new Set(positions.set(list, rules));
      for (const symbol of symbols) {
        if (!markHandles.has(symbol))
          markHandles.set(symbol, deps.subscribe({ kind: 'mark', market: 'coin', symbol }));
      }
      for (const [symbol, handle] of markHandles) {
        if (symbols.has(symbol)) continue;
        deps.release(handle);
        markHandles.delete(symbol);
        positions.forget(symbol);
      }
    },
  };

  return {
    api,
    onOpen: () => stream.onOpen(),
    onClose: () => stream.onClose(),
    handle: (message: ServerMessage) => stream.handle(message),
    /** After the market state's flush: the marks it posts drive the positions. */
    flushInto(patch: MarketPatch): boolean {
      if (patch.marks) for (const symbol in patch.marks) positions.onMark(symbol, patch.marks[symbol]!.mark);
      const moved = positions.flushInto(patch);
      return stream.flushInto(patch) || moved;
    },
    /** The bench's entry: one mark tick straight into the positions. */
    positions,
  };
}
