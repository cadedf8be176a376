// A share of the fan-out bench's sockets in a worker thread: 5,000 sockets at 10 updates/s are
// 50,000 frames/s, more than one thread can parse without its own backlog becoming the latency
// measured. The worker opens its sockets, reports `ready`, then on `measure` records delivery
// latencies until `stop`, and posts them back with the count of differing frames.
import { parentPort, workerData } from 'node:worker_threads';
import { openClients } from './fanout-client';

type Share = { url: string; count: number; ch: string; symbol: string };
const { url, count, ch, symbol } = workerData as Share;
const latencies: number[] = [];
let measuring = false;
const clients = openClients(url, count, ch, symbol, {
  onDelivery: (at, t) => {
    if (measuring) latencies.push(at - t);
  },
});
clients.ready.then(
  () => parentPort!.postMessage({ op: 'ready' }),
  (error: unknown) => parentPort!.postMessage({ op: 'error', message: String(error) }),
);
parentPort!.on('message', (message: { op: 'measure' | 'stop' | 'progress' }) => {
  if (message.op === 'progress') parentPort!.postMessage({ op: 'progress', ...clients.progress() });
  else if (message.op === 'measure') measuring = true;
  else {
    measuring = false;
    clients.close();
    parentPort!.postMessage({
      op: 'result',
      latencies: Float64Array.from(latencies),
      mismatches: clients.mismatches(),
      examples: clients.examples(),
      catchUps: clients.catchUps(),
      repeatedTimes: clients.repeatedTimes(),
    });
  }
});
