// `npm run cluster`: tries the scale-out path on one machine. Starts a NATS server
// (unless BUS_URL names one), N broker nodes (CLUSTER_NODES, default 3) on the PostgreSQL
// database DATABASE_URL names, and a round-robin TCP balancer on PORT (default 8080) in front
// of them, so the app at http://localhost:8080 spreads its connections over the nodes.
// Ctrl-C stops everything. The nodes share DATA_DIR (default ./data/cluster) for the keys every
// node must agree on (PIN hashing, deposit addresses, the operator key).
// `--partitions N` (or TRADING_PARTITIONS=N) splits trading into N partitions, spread over the
// nodes (server/cluster/partitions.ts): `npm run cluster -- --partitions 3`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { startBalancer } from './balancer.mjs';
import { buildClient, clientIsStale } from './client-build.mjs';
import { buildServer } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error(
    'npm run cluster needs PostgreSQL: DATABASE_URL=postgres://user:pass@127.0.0.1:5432/seans npm run cluster',
  );
  process.exit(1);
}
const size = Number(process.env.CLUSTER_NODES ?? 3);
const flag = process.argv.indexOf('--partitions');
const partitions = flag >= 0 ? process.argv[flag + 1] : (process.env.TRADING_PARTITIONS ?? '1');
if (!/^\d+$/.test(partitions ?? '') || Number(partitions) < 1 || Number(partitions) > 16) {
  console.error(`--partitions takes a whole number from 1 to 16, got "${partitions ?? ''}"`);
  process.exit(1);
}
const front = Number(process.env.PORT ?? 8080);
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(root, 'data', 'cluster'));
mkdirSync(dataDir, { recursive: true });
const children = [];

function run(name, command, args, env = {}) {
  const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    console.log(`${name} exited (${signal ?? code})`);
  });
  children.push(child);
  return child;
}

async function healthy(url, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} not healthy in ${timeoutMs} ms`);
}

if (clientIsStale()) {
  console.log('Building the client…');
  if (!buildClient()) process.exit(1);
}

let busUrl = process.env.BUS_URL;
if (!busUrl) {
  const nats = ['/usr/sbin/nats-server', '/usr/bin/nats-server'].find((p) => existsSync(p));
  if (!nats) {
    console.error('nats-server is not installed: apt-get install nats-server (or set BUS_URL)');
    process.exit(1);
  }
  run('nats-server', nats, ['-a', '127.0.0.1', '-p', '4222']);
  busUrl = 'nats://127.0.0.1:4222';
}

// Every node runs the same bundle, as `npm start` does.
const bundle = await buildServer();
const ports = Array.from({ length: size }, (_, i) => front + 1 + i);
for (const [i, port] of ports.entries()) {
  run(`node-${i}`, process.execPath, ['--enable-source-maps', bundle], {
    PORT: String(port),
    BUS_URL: busUrl,
    DATA_DIR: dataDir,
    NODE_NAME: `node-${i}`,
    TRADING_PARTITIONS: partitions,
  });
  // The first node migrates and seeds alone; the others join it.
  if (i === 0) await healthy(`http://127.0.0.1:${port}`);
}
await Promise.all(ports.map((port) => healthy(`http://127.0.0.1:${port}`)));

// One TCP connection to one node, in turn, leaving out a node that is down (scripts/balancer.mjs).
const balancer = await startBalancer({ port: front, upstreams: ports });
console.log(
  `Seans cluster: ${size} nodes (${ports.join(', ')}), ${partitions} trading partition(s), behind http://localhost:${front}, bus ${busUrl}`,
);
console.log(
  'GET /healthz on a node says which trading partitions it owns; stop one to see another take over.',
);

const stop = () => {
  void balancer.close();
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 2_000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
