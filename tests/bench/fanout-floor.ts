// The floor under fanout-1000: the same 1,000 clients, read the same way (fanout-client.ts,
// fanout-spread.ts), on a server that does nothing of ours — fanout-floor-node.mjs, in a process
// of its own like the broker: WebSocket upgrades answered by hand on a bare `net` server, and
// each message of a bus subject written as it came to every socket with bare write(2) — fed a
// broker-sized ticker frame every 100 ms, the broker's ticker rate. The spread the clients see
// there is what this machine's sockets and the bench's own readers allow any server; the
// floor measured before (the sender's write loop alone) left the readers' share out.
import { fork } from 'node:child_process';
import { connect } from '@nats-io/transport-node';
import { startNats } from '../support/cluster';
import { openClients } from './fanout-client';
import { measureSpread } from './fanout-spread';
import { tickerFrame } from './ticker-frame';

/** The floor's p99 spread (ms) and a line saying what it measured. */
export async function measureFanoutFloor(
  sockets: number,
  seconds: number,
): Promise<{ p99: number; note: string }> {
  const nats = await startNats();
  const subject = 'floor.ticker';
  const child = fork(new URL('./fanout-floor-node.mjs', import.meta.url), [nats.url, subject], {
    stdio: 'ignore',
  });
  const bus = await connect({ servers: nats.url });
  let ticker: NodeJS.Timeout | undefined;
  let clients: ReturnType<typeof openClients> | undefined;
  try {
    const port = await new Promise<number>((resolve, reject) => {
      child.once('message', (m) => resolve((m as { port: number }).port));
      child.once('exit', (code) => reject(new Error(`floor node exited (${code})`)));
    });
    let seq = 0;
    ticker = setInterval(() => bus.publish(subject, tickerFrame(++seq, Date.now())), 100);
    clients = openClients(`http://127.0.0.1:${port}`, sockets, 'ticker', 'FLOOR');
    const r = await measureSpread(clients, sockets, seconds, child.pid!);
    const note =
      `floor: the same clients on a bare relay (hand-made upgrade, bare write(2) per socket), ` +
      `${r.updates} updates at ${r.rate.toFixed(1)}/s: spread p50 ${r.p50.toFixed(2)} ms, ` +
      `p99 ${r.p99.toFixed(2)} ms, max ${r.max.toFixed(2)} ms; relay CPU ${r.cpu.toFixed(1)}% of a ` +
      `core per 1,000 sockets`;
    return { p99: r.p99, note };
  } finally {
    clearInterval(ticker);
    clients?.close();
    await bus.close();
    child.kill('SIGKILL');
    await nats.stop();
  }
}
