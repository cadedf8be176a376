import { expect, it, vi } from 'vitest';
import { MarketClient } from './client';

/**
 * The worker starts after the first screen's largest paint (src/main.tsx), so a page's answer can
 * bring the pairs' price scales before it exists: they are kept and given to it as it starts.
 */
function fakeWorker() {
  const setCoinScales = vi.fn();
  const api = { setCoinScales, setStreaming: vi.fn() };
  return { setCoinScales, api: api as unknown as Parameters<MarketClient['use']>[0] };
}

it('keeps the scales read before the worker started and gives them to it once, merged', () => {
  const client = new MarketClient();
  client.coinScales({ BTCUSDT: 1 });
  client.coinScales({ ETHUSDT: 2, BTCUSDT: 2 });
  const first = fakeWorker();
  client.use(first.api);
  expect(first.setCoinScales.mock.calls).toEqual([[{ BTCUSDT: 2, ETHUSDT: 2 }]]);

  const next = fakeWorker();
  client.use(next.api);
  expect(next.setCoinScales).not.toHaveBeenCalled();
});

it('gives scales read once the worker runs to it at once', () => {
  const client = new MarketClient();
  const worker = fakeWorker();
  client.use(worker.api);
  client.coinScales({ BTCUSDT: 1 });
  expect(worker.setCoinScales.mock.calls).toEqual([[{ BTCUSDT: 1 }]]);
});
