// While the NATS server is away, a request is not sent (nats.js would buffer it through the
// reconnect and its caller would wait the whole timeout to hear "it may have been done"), and
// once it is back the bus tells its reconnect listeners, once (see server/bus/nats.ts).
import { expect, it } from 'vitest';
import { BusTimeout } from '../../server/bus/bus';
import { connectNatsBus } from '../../server/bus/nats';
import { startNats } from '../support/cluster';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it('refuses a request as not delivered while the bus is away, and tells listeners when it is back', async () => {
  const nats = await startNats();
  const bus = await connectNatsBus(nats.url, 'reconnect-probe');
  try {
    let reconnects = 0;
    // NATS's bus has the hook (the local one has nothing to reconnect to).
    expect(bus.onReconnect).toBeTypeOf('function');
    bus.onReconnect?.(() => reconnects++);
    bus.serve('echo', async (value) => value);
    expect(await bus.request('echo', { n: 1 }, 2_000)).toEqual({ n: 1 });

    const restarted = nats.restart(1_500);
    await pause(300);
    const refused = await bus.request('echo', { n: 2 }, 200).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(BusTimeout);
    expect((refused as BusTimeout).delivered).toBe(false);

    await restarted;
    for (let i = 0; i < 100 && reconnects === 0; i++) await pause(100);
    expect(reconnects).toBe(1);
    expect(await bus.request('echo', { n: 3 }, 5_000)).toEqual({ n: 3 });
  } finally {
    await bus.close();
    await nats.stop();
  }
}, 60_000);
