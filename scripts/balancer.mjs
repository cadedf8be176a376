// The TCP balancer in front of `npm run cluster`'s nodes (scripts/cluster.mjs): one connection to
// one node, in turn, HTTP keep-alive and WebSocket alike. It leaves out a node whose /healthz
// does not answer in time — killed, or stopped without dying (SIGSTOP, a paused VM), whose
// kernel still accepts connections that then hang — and tries the next node when one refuses a
// connection: plain round robin sent every third connection to a node the README invites you
// to stop, and the app at the front failed a third of its requests until the node came back.
import net from 'node:net';

/**
 * Listens on `port` (every interface unless `host` is given) and spreads connections over `upstreams`
 * (ports on 127.0.0.1). Resolves once listening; `close()` stops it.
 * @param {{ port: number; upstreams: number[]; host?: string; checkMs?: number; timeoutMs?: number }} options
 * @returns {Promise<{ close(): Promise<void> }>}
 */
export function startBalancer({ port, upstreams, host, checkMs = 1_000, timeoutMs = 1_000 }) {
  /** Whether each node answered its last health check; a node is taken as up until asked. */
  const up = new Map(upstreams.map((p) => [p, true]));
  const check = async (p) => {
    try {
      const res = await fetch(`http://127.0.0.1:${p}/healthz`, { signal: AbortSignal.timeout(timeoutMs) });
      up.set(p, res.ok);
      await res.body?.cancel();
    } catch {
      up.set(p, false);
    }
  };
  const timer = setInterval(() => upstreams.forEach((p) => void check(p)), checkMs);
  timer.unref();

  let next = 0;
  /** The next node up not tried yet for this connection; when none is up, any not tried. */
  const pick = (tried) => {
    for (let i = 0; i < upstreams.length; i++) {
      const p = upstreams[next++ % upstreams.length];
      if (up.get(p) && !tried.has(p)) return p;
    }
    return upstreams.find((p) => !tried.has(p));
  };

  const server = net.createServer((client) => {
    // What the client sends before a node is connected waits in the socket.
    client.pause();
    const tried = new Set();
    let upstream = null;
    const connect = () => {
      const p = pick(tried);
      if (p === undefined) return client.destroy();
      tried.add(p);
      const socket = net.connect(p, '127.0.0.1');
      upstream = socket;
      let connected = false;
      socket.once('connect', () => {
        connected = true;
        client.pipe(socket).pipe(client);
      });
      socket.on('error', () => {
        if (connected) return client.destroy();
        // Refused: the node is down, whatever its last check said. Try the next one.
        up.set(p, false);
        socket.destroy();
        if (!client.destroyed) connect();
      });
      socket.on('close', () => {
        if (connected) client.destroy();
      });
    };
    client.on('close', () => upstream?.destroy());
    client.on('error', () => client.destroy());
    connect();
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, ...(host ? { host } : {}) }, () =>
      resolve({
        close: () =>
          new Promise((done) => {
            clearInterval(timer);
            server.close(() => done());
          }),
      }),
    );
  });
}
