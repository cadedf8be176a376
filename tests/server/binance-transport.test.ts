import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { createNodeTransport } from '../../server/market/binance/transport';

/** The real transport against local stand-ins (this machine cannot reach Binance). */
describe('Binance node transport', () => {
  const http = createServer((req, res) => {
    if (req.url === '/api/v3/depth?symbol=BTCUSDT&limit=1000') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ lastUpdateId: 7, bids: [], asks: [] }));
    } else {
      res.statusCode = 418;
      res.end('{"code":-1121,"msg":"Invalid symbol."}');
    }
  });
  const wss = new WebSocketServer({ server: http });
  let base = '';

  beforeAll(async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    base = `127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    wss.close();
    await new Promise((resolve) => http.close(resolve));
  });

  it('GETs JSON and rejects a non-2xx answer', async () => {
    const transport = createNodeTransport();
    await expect(transport.getJson(`http://${base}/api/v3/depth?symbol=BTCUSDT&limit=1000`)).resolves.toEqual(
      {
        lastUpdateId: 7,
        bids: [],
        asks: [],
      },
    );
    await expect(transport.getJson(`http://${base}/api/v3/depth?symbol=NOPE`)).rejects.toThrow(/418/);
  });

  it('opens a stream, delivers text frames and reports the server closing it', async () => {
    let path: string | undefined;
    wss.once('connection', (socket, req) => {
      path = req.url;
      socket.send('{"stream":"btcusdt@trade","data":{}}');
      setTimeout(() => socket.close(), 20);
    });
    const seen: string[] = [];
    await new Promise<void>((resolve) => {
      createNodeTransport().openStream(`ws://${base}/stream?streams=btcusdt@trade`, {
        onOpen: () => seen.push('open'),
        onMessage: (text) => seen.push(text),
        onClose: () => resolve(),
        onError: (error) => seen.push(`error ${error.message}`),
      });
    });
    expect(path).toBe('/stream?streams=btcusdt@trade');
    expect(seen).toEqual(['open', '{"stream":"btcusdt@trade","data":{}}']);
  });
});
