// The floor under fanout-1000: what this machine allows any broker that writes from one thread. 1,000 loopback TCP sockets (readers in a child process that only drain),
// and for each of 200 messages the time one thread takes to hand a 120-byte frame to all of them
// with bare write(2) calls (fs.writeSync on each socket's descriptor: no ws, no JSON, no streams).
// The floor is that time's p99. On our 2-core machines it is 6–15 ms:
// loopback delivers inside the sender's write, so the floor is ~6–7 µs a socket before the
// readers, which the bench must run on the same cores, take their share.
import { spawn } from 'node:child_process';
import { writeSync } from 'node:fs';
import { createServer, type Socket } from 'node:net';

const SOCKETS = 1000;
const MESSAGES = 200;
const FRAME = Buffer.alloc(120, 'x');

/** The child: opens `count` sockets to `port` and drains them. */
const READER = `
const net = require('node:net');
const [port, count] = process.argv.slice(1).map(Number);
for (let i = 0; i < count; i++) {
  const c = net.connect(port, '127.0.0.1');
  c.on('data', () => {});
  c.on('error', () => {});
}
`;

type Handle = { fd?: number };
const fdOf = (socket: Socket): number => {
  const fd = (socket as unknown as { _handle?: Handle })._handle?.fd;
  if (typeof fd !== 'number' || fd < 0) throw new Error('socket has no file descriptor');
  return fd;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The floor's p99 (ms) and a line saying what it measured. */
export async function measureFanoutFloor(): Promise<{ p99: number; note: string }> {
  const sockets: Socket[] = [];
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    sockets.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const reader = spawn(process.execPath, ['-e', READER, String(port), String(SOCKETS)], { stdio: 'ignore' });
  try {
    for (let waited = 0; sockets.length < SOCKETS; waited += 50) {
      if (waited > 30_000) throw new Error(`only ${sockets.length} of ${SOCKETS} sockets connected`);
      await sleep(50);
    }
    const fds = sockets.map(fdOf);
    const times: number[] = [];
    for (let m = 0; m < MESSAGES; m++) {
      const start = process.hrtime.bigint();
      for (const fd of fds) writeSync(fd, FRAME);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
      await sleep(20);
    }
    times.sort((a, b) => a - b);
    const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))]!;
    const note =
      `floor: one thread, bare write(2) of a ${FRAME.length}-byte frame to ${SOCKETS} loopback sockets, ` +
      `${MESSAGES} messages: p50 ${at(50).toFixed(2)} ms, p99 ${at(99).toFixed(2)} ms ` +
      `(${((at(50) * 1000) / SOCKETS).toFixed(1)} µs a socket at the median)`;
    return { p99: at(99), note };
  } finally {
    reader.kill('SIGKILL');
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
}
