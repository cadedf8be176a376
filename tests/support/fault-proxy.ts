import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import { WS_PATH } from '../../domain/protocol/ws';

/**
 * A real TCP/WebSocket proxy in front of a broker, for fault tests of the market feed.
 * Plain HTTP is passed through (so a browser can load the app from it); the market socket goes
 * through knobs that may be turned at any time:
 *
 * - `silent`: accept the client's socket but never reach the broker (a proxy with no upstream);
 * - `drop`: share of broker → client frames lost; `starve`: channels whose stream frames are lost;
 * - `delayMs`: every broker → client frame arrives this much later;
 * - `refuseSubs`: every `sub` is answered `MALFORMED_REQUEST` by the proxy and not forwarded;
 * - `kill()` / `restore()`: the upstream goes away (open sockets close, new ones are refused) and
 *   comes back.
 */
export type FaultProxy = {
  url: string;
  silent: boolean;
  drop: number;
  starve: Set<string>;
  delayMs: number;
  refuseSubs: boolean;
  kill(): void;
  restore(): void;
  close(): Promise<void>;
};

export async function startFaultProxy(
  upstream: string,
  random: () => number = Math.random,
): Promise<FaultProxy> {
  const target = new URL(upstream);
  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({ noServer: true });
  let down = false;

  const server: Server = createServer((req, res) => {
    if (down) {
      res.writeHead(502).end();
      return;
    }
    const forward = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forward.on('error', () => res.writeHead(502).end());
    req.pipe(forward);
  });

  const lost = (text: string): boolean => {
    if (proxy.drop > 0 && random() < proxy.drop) return true;
    if (proxy.starve.size === 0 || !text.startsWith('{"op":"data"')) return false;
    return proxy.starve.has(/"ch":"([^"]+)"/.exec(text)?.[1] ?? '');
  };

  const bridge = (client: WebSocket, req: IncomingMessage) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    if (proxy.silent) return; // accepted, and nothing will ever come
    const url = `ws://${target.host}${req.url ?? WS_PATH}`;
    const lang = req.headers['accept-language'];
    const broker = new WebSocket(url, lang ? { headers: { 'accept-language': lang } } : {});
    sockets.add(broker);
    const early: string[] = [];
    broker.on('open', () => {
      for (const text of early.splice(0)) broker.send(text);
    });
    broker.on('message', (data: RawData) => {
      const text = data.toString();
      if (lost(text)) return;
      const pass = () => {
        if (client.readyState === WebSocket.OPEN) client.send(text);
      };
      if (proxy.delayMs > 0) setTimeout(pass, proxy.delayMs);
      else pass();
    });
    client.on('message', (data: RawData) => {
      const text = data.toString();
      if (proxy.refuseSubs && text.includes('"op":"sub"')) {
        const msg = 'The request could not be read.';
        client.send(JSON.stringify({ op: 'error', key: 'MALFORMED_REQUEST', msg }));
        return;
      }
      if (broker.readyState === WebSocket.OPEN) broker.send(text);
      else early.push(text);
    });
    const end = () => {
      sockets.delete(broker);
      client.close();
      broker.close();
    };
    broker.on('close', end);
    broker.on('error', end);
    client.on('close', end);
  };

  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (down || !req.url?.startsWith(WS_PATH)) {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (client) => bridge(client, req));
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  const proxy: FaultProxy = {
    url: `http://127.0.0.1:${port}`,
    silent: false,
    drop: 0,
    starve: new Set(),
    delayMs: 0,
    refuseSubs: false,
    kill() {
      down = true;
      for (const socket of sockets) socket.terminate();
      sockets.clear();
    },
    restore() {
      down = false;
    },
    async close() {
      proxy.kill();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return proxy;
}
