type Listener = (event: { type: string; data?: string }) => void;

/**
 * The client end of a scripted server's connection in virtual time, shaped like a browser
 * WebSocket for the worker's feed socket: it opens 2 ms after it is made (or fails, when the
 * server `refuses` it), hands what the client sends to the server while open, and closes 1 ms
 * after either side hangs up. The server side (`attach`, `detach`, `fromClient`) is the subclass's.
 */
export abstract class ScriptedSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readonly CLOSING = 2;
  readonly CLOSED = 3;
  readyState = 0;
  binaryType = 'blob';
  private readonly listeners = new Map<string, Set<Listener>>();

  constructor(readonly url: string) {
    setTimeout(() => {
      if (this.readyState !== 0) return;
      if (this.refused()) {
        this.readyState = 3;
        this.emit({ type: 'error' });
        this.emit({ type: 'close' });
        return;
      }
      this.readyState = 1;
      this.attach();
      this.emit({ type: 'open' });
    }, 2);
  }

  /** Whether the server turns this connection away as it opens. */
  protected refused(): boolean {
    return false;
  }
  /** The server takes the connection on. */
  protected abstract attach(): void;
  /** The server lets the connection go. */
  protected abstract detach(): void;
  /** A frame the client sent, to the server. */
  protected abstract fromClient(text: string): void;

  addEventListener(type: string, listener: Listener): void {
    const set = this.listeners.get(type) ?? new Set();
    set.add(listener);
    this.listeners.set(type, set);
  }

  removeEventListener(type: string, listener: Listener): void {
    this.listeners.get(type)?.delete(listener);
  }

  send(text: string): void {
    if (this.readyState === 1) this.fromClient(text);
  }

  close(): void {
    if (this.readyState >= 2) return;
    this.readyState = 3;
    this.detach();
    setTimeout(() => this.emit({ type: 'close' }), 1);
  }

  protected emit(event: { type: string; data?: string }): void {
    for (const listener of this.listeners.get(event.type) ?? []) listener(event);
  }
}

/**
 * A `fetch` that answers POST /coin/infos, as the broker does, for `coins()` (symbol and price
 * scale), and refuses every other path.
 */
export function coinInfosFetch(coins: () => { symbol: string; scale: number }[]): typeof fetch {
  return (async (input: string | URL | Request) => {
    const list = coins().map(({ symbol, scale }) => ({
      symbol,
      base: symbol.replace(/USDT$/, ''),
      quote: 'USDT',
      name: symbol,
      priceScale: scale,
      qtyScale: 4,
      minQty: '0.0001',
    }));
    const body = String(input).endsWith('/coin/infos')
      ? { code: 0, msg: 'ok', data: { list } }
      : { code: -1001, msg: 'unknown', data: {} };
    return { json: async () => body } as Response;
  }) as typeof fetch;
}
