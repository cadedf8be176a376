import { buildApp, type ClusterNode } from './app';
import { configFromEnv, ConfigError } from './config';
import { openDatabase } from './db/client';
import { seed } from './db/seed';
import { ensureOperatorKey } from './operator/key';
import { connectNatsBus } from './bus/nats';
import { advisoryLease } from './cluster/lease';

/** Starts the sandbox broker: database up to date and seeded, then HTTP and WebSocket. */
async function main(): Promise<void> {
  const config = configFromEnv();
  const database = await openDatabase(config.database);
  const applied = await seed(database.db);
  const operatorKey = await ensureOperatorKey(config.dataDir);
  let cluster: ClusterNode | undefined;
  if (config.cluster && config.database.kind === 'postgres') {
    // A node of a cluster: private events and session ends cross the bus, and the
    // trading partition runs where its lease is held.
    const bus = await connectNatsBus(config.cluster.busUrl, config.cluster.nodeName);
    const { url } = config.database;
    const retryMs = config.cluster.leaseRetryMs;
    const { nodeName } = config.cluster;
    cluster = {
      bus,
      nodeName,
      lease: (log, name, turn) =>
        advisoryLease({ url, name, retryMs, log, ...(turn ? { shouldTry: turn } : {}) }),
      partitions: config.cluster.tradingPartitions,
    };
  }
  const app = await buildApp({ config, db: database.db, operatorKey, ...(cluster ? { cluster } : {}) });
  if (applied.length > 0) app.log.info({ steps: applied }, 'database seeded');
  if (!config.clientDir) app.log.warn('no built client found: serving the API only (run `npm run build`)');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a hung one doesn't keep the process alive forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app
      .close()
      .then(() => cluster?.bus.close())
      .then(() => database.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, url: `http://localhost:${(app.server.address() as { port: number }).port}` },
    'Seans sandbox broker ready (paper money only)',
  );
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`Configuration error: ${error.message}`);
  } else {
    console.error('Seans failed to start:', error);
  }
  process.exit(1);
});
