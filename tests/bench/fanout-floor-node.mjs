// One node of fanout-floor-5000 (tests/bench/cluster-floor.cases.ts), in a process of its own
// like a broker node: WebSocket upgrades answered by hand on a bare `net` server, a subscription
// answered with a fixed snapshot frame, and every message on the bus subject written as it came
// to every subscribed socket with bare write(2) calls (no ws, no JSON, no streams, no state).
// It is what any node relaying a bus message to its sockets must at least do on this machine.
import { createHash } from 'node:crypto';
import { writeSync } from 'node:fs';
import { createServer } from 'node:net';
import { connect } from '@nats-io/transport-node';

const [natsUrl, subject] = process.argv.slice(2);
const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';

/** An unmasked server text frame. */
function frame(payload) {
  const head =
    payload.length < 126
      ? Buffer.from([0x81, payload.length])
      : Buffer.from([0x81, 126, payload.length >> 8, payload.length & 0xff]);
  return Buffer.concat([head, payload]);
}

const SNAPSHOT = frame(Buffer.from('{"op":"data","ch":"ticker","s":"FLOOR","seq":0,"t":0,"snap":true}'));
const fds = [];

const server = createServer((socket) => {
  socket.setNoDelay(true);
  let pending = '';
  let upgraded = false;
  socket.on('error', () => {});
  socket.on('data', (chunk) => {
    if (upgraded) {
      // The client's subscription (any frame): answer its snapshot, then relay to it.
      socket.write(SNAPSHOT);
      fds.push(socket._handle.fd);
      socket.removeAllListeners('data');
      socket.on('data', () => {});
      return;
    }
    pending += chunk.toString('latin1');
    const end = pending.indexOf('\r\n\r\n');
    if (end < 0) return;
    const key = /Sec-WebSocket-Key: (\S+)/i.exec(pending)?.[1] ?? '';
    const accept = createHash('sha1')
      .update(key + GUID)
      .digest('base64');
    upgraded = true;
    socket.write(
      'HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        `Sec-WebSocket-Accept: ${accept}\r\n\r\n`,
    );
  });
});

const nc = await connect({ servers: natsUrl });
nc.subscribe(subject, {
  callback: (_error, msg) => {
    const bytes = frame(Buffer.from(msg.data));
    for (const fd of fds) {
      try {
        writeSync(fd, bytes);
      } catch {
        // A closed socket: the next frame finds it gone too.
      }
    }
  },
});
server.listen(0, '127.0.0.1', () => process.send?.({ port: server.address().port }));
await nc.flush();
