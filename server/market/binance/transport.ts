import WebSocket from 'ws';

/**
 * How the adapter reaches Binance: one combined stream and plain REST GETs. Injected so tests
 * replay fixture files with no network; `createNodeTransport` is the real one.
 */
export type StreamHandlers = {
  onOpen(): void;
  onMessage(text: string): void;
  onClose(): void;
  onError(error: Error): void;
};

export type StreamConnection = { close(): void };

export type BinanceTransport = {
  openStream(url: string, handlers: StreamHandlers): StreamConnection;
  getJson(url: string): Promise<unknown>;
};

const REST_TIMEOUT_MS = 10_000;

/** `ws` for the stream (Node 20 has no stable global WebSocket) and global fetch for REST. */
export function createNodeTransport(): BinanceTransport {
  return {
    openStream(url, handlers) {
      const socket = new WebSocket(url);
      socket.on('open', () => handlers.onOpen());
      socket.on('message', (data, isBinary) => {
        if (!isBinary) handlers.onMessage(data.toString());
      });
      socket.on('close', () => handlers.onClose());
      socket.on('error', (error) => handlers.onError(error));
      return {
        close() {
          socket.removeAllListeners();
          // An error listener must stay: closing a socket that is still connecting emits one.
          socket.on('error', () => undefined);
          socket.terminate();
        },
      };
    },
    async getJson(url) {
      const response = await fetch(url, { signal: AbortSignal.timeout(REST_TIMEOUT_MS) });
      if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
      return (await response.json()) as unknown;
    },
  };
}
