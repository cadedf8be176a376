import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { API_PREFIX } from '../domain/protocol/envelope';
import type { AppConfig } from './app-config';
import type { Db } from './db/client';
import { bindAppState, createAppState } from './app-state';
import { ensurePinKey, pinKeyFrom } from './accounts/pin-hash';
import { registerErrorAnswers, registerNotFound } from './http/answers';
import { loggerOptions, redactText, type LogStream } from './http/log-redact';
import { envelopeClientError } from './http/client-errors';
import { registerBodyParsers } from './http/body';
import { registerCompression } from './http/compression';
import { registerSecurityHeaders } from './http/security-headers';
import { buildOpenApi } from './http/openapi';
import { registerRoutes, type RouteDef } from './http/route';
import { ROUTES } from './routes/all';
import { registerClient } from './static';
import { OPERATOR_ROUTES } from './operator/routes';
import { registerOperatorRoutes } from './operator/register';
import { APP_VERSION } from './version';
import { registerWebSocket, restartSockets } from './ws';
import { createMarket } from './market/create';
import { readMarketResume, saveMarketResume } from './market/resume';
import { readMarketHistory, resumePrices } from './market/history-store';
import type { MarketSource } from './market/source';
import { createTrading } from './trading/services';
import { OWNED_JOBS, startOwnedJobs, type OwnedJob } from './jobs';
import { applyListings } from './primary/market-listings';
import type { Bus } from './bus/bus';
import type { Lease, LeaseLog } from './cluster/lease';
import { startPartitions } from './cluster/partitions';
import type { Trading } from './trading/services';

/** Every API route (server/routes/all.ts): the server, the OpenAPI document and the tests read it. */
export { ROUTES };

export type AppOptions = {
  config: AppConfig;
  db: Db;
  /** Enables the operator API (loopback callers with this key); absent, there is none. */
  operatorKey?: string;
  /** The market source; absent, the one the configuration asks for, started and stopped with the app. */
  market?: MarketSource;
  /** Time for the trading engines (day-order expiry, T+1 unlocks, funding); tests pass a virtual one. */
  clock?: { now(): number };
  /** Extra routes, for tests that exercise the request pipeline itself. */
  extraRoutes?: readonly RouteDef[];
  /**
   * The owned jobs a single process starts; all of them when absent. A test that runs a pass by
   * hand on its virtual clock leaves that pass's job out: its timer would otherwise run the same
   * pass first, now and then, and leave the hand-run one nothing to do.
   */
  jobs?: readonly OwnedJob[];
  /** Where log lines go instead of stdout (tests read them). */
  logStream?: LogStream;
  /**
   * A node of a cluster: the market, engines and jobs run on the holder of the
   * partition lease, and this node follows over the bus while it does not hold it.
   */
  cluster?: ClusterNode;
};

export type ClusterNode = {
  bus: Bus;
  /**
   * The lease of a partition or of the cluster jobs, by name (server/cluster/partition-map.ts),
   * tried for while `turn` says (server/cluster/partition-balance.ts).
   */
  lease: (log: LeaseLog, name: string, turn?: () => boolean) => Lease;
  nodeName: string;
  /** TRADING_PARTITIONS (server/cluster/partitions.ts); one when absent. */
  partitions?: number;
};

type Engines = {
  market: MarketSource;
  trading: Trading;
  owner: (() => boolean) | null;
  owned?: () => number[];
};

/** A cluster node: the partition holder runs the market and engines, the others follow over the bus. */
async function startClusterEngines(
  app: FastifyInstance,
  { db, config }: Pick<AppOptions, 'db' | 'config'>,
  cluster: NonNullable<AppOptions['cluster']>,
): Promise<Engines> {
  const { bus, nodeName } = cluster;
  const lease = (name: string, turn?: () => boolean) => cluster.lease(app.log, name, turn);
  const count = cluster.partitions ?? 1;
  const partitions = await startPartitions({ db, config, bus, lease, log: app.log, nodeName, count });
  app.addHook('onClose', async () => partitions.stop());
  const { market, trading, owner, owned } = partitions;
  return { market, trading, owner, ...(count > 1 ? { owned } : {}) };
}

/** A single process: it runs its market (unless given one), the trading engines and the owned jobs. */
async function startLocalEngines(
  app: FastifyInstance,
  {
    db,
    config,
    market: givenMarket,
    clock,
    jobs: owned = OWNED_JOBS,
  }: Pick<AppOptions, 'db' | 'config' | 'market' | 'clock' | 'jobs'>,
): Promise<Engines> {
  // A source we create is ours to run; a given one is the caller's.
  const market = givenMarket ?? (await startOwnMarket(app, db, config));
  const local = createTrading({ db, market, config, log: app.log, ...(clock ? { clock } : {}) });
  await local.start();
  // Registered before the source's stop hook would run in reverse: engines stop, then the writer drains.
  app.addHook('onClose', async () => local.stop());
  // Clock-driven jobs (the sandbox payment and chain simulators…): one process owns them all.
  const jobs = startOwnedJobs({ db, config, trading: local, market, log: app.log }, owned);
  app.addHook('onClose', async () => jobs.stop());
  return { market, trading: local, owner: null };
}

/**
 * Creates and starts the configured market source, stopped with the app.
 * A restart goes on from the last prices it saved, not the catalogue's (server/market/resume.ts).
 * And its charts from the bars it saved (server/market/history-store.ts), not drawn anew.
 */
async function startOwnMarket(app: FastifyInstance, db: Db, config: AppConfig): Promise<MarketSource> {
  const history = await readMarketHistory(db);
  const own = createMarket(
    config.market,
    resumePrices(await readMarketResume(db), history),
    history ?? undefined,
  );
  // Saved as it stops too: a restart goes on from the very last prices.
  app.addHook('onClose', async () => {
    await saveMarketResume(db, own).catch((error: unknown) =>
      app.log.error({ err: error }, 'market prices not saved at stop'),
    );
  });
  // Before the first tick: nobody sees a book or a print of what has not listed yet.
  await applyListings(db, own);
  own.start();
  app.addHook('onClose', async () => own.stop());
  return own;
}

/** Requests are logged at debug only: two info lines per request cost the order path too much. */
function registerRequestLog(app: FastifyInstance, logLevel: AppConfig['logLevel']): void {
  if (logLevel !== 'debug' && logLevel !== 'trace') return;
  app.addHook('onResponse', async (req, reply) => {
    req.log.debug(
      // GET /user/vip/buy carries the trade password in its query (SPEC's contract): masked, as
      // every secret-named field is.
      {
        method: req.method,
        url: redactText(req.url),
        statusCode: reply.statusCode,
        ms: reply.elapsedTime,
      },
      'request completed',
    );
  });
}

function registerHealth(app: FastifyInstance, db: Db, { owner, owned }: Engines): void {
  app.get('/healthz', async (_req, reply) => {
    try {
      await db.execute(sql`select 1`);
      // A cluster node says whether it runs the trading partition (operators, the cluster test),
      // and with several which ones it owns.
      if (!owner) return { status: 'ok' };
      const partition = owner() ? 'owner' : 'follower';
      return owned ? { status: 'ok', partition, owns: owned() } : { status: 'ok', partition };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });
}

/** Builds the broker's HTTP app; the caller listens (or injects) and closes it. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, db, operatorKey, extraRoutes = [], cluster, logStream } = options;
  const app = Fastify({
    // No line carries a PIN, password or token, whatever the route or the failure (./http/log-redact).
    logger: loggerOptions(config.logLevel, logStream),
    // Two info lines per request cost the order path more than some of its statements, and
    // drown what matters; requests are logged at debug (below) and errors by our error handler.
    // (Through a LogController: Fastify 5.8+ deprecates the top-level option and warned on every start.)
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: config.bodyLimit,
    // A stack trace never reaches a caller; our error handler decides what they see.
    return503OnClosing: true,
    // What Node's parser refuses (headers over 16 KB, a NUL in a header) still gets an envelope.
    clientErrorHandler: envelopeClientError,
  });
  // Before anything that publishes or listens: this app's events, sessions and alerts are its own.
  const pinKey = pinKeyFrom(await ensurePinKey(config.dataDir));
  const state = bindAppState(db, createAppState(cluster?.bus ?? null, pinKey));
  app.addHook('onClose', async () => state.close());
  const routes = [...ROUTES, ...extraRoutes];
  registerRequestLog(app, config.logLevel);

  const engines = cluster
    ? await startClusterEngines(app, options, cluster)
    : await startLocalEngines(app, options);
  const { market, trading } = engines;

  // Before any route: both attach themselves to routes as they are added.
  registerSecurityHeaders(app);
  await registerCompression(app);
  registerErrorAnswers(app);
  await registerBodyParsers(app);
  await registerWebSocket(app, { market, db });
  // A cluster node whose bus came back missed what was published meanwhile (a fill, a session
  // ended): its sockets reconnect and refetch, as after a restart of the node.
  const offReconnect = cluster?.bus.onReconnect?.(() => restartSockets(app, 'bus reconnected'));
  if (offReconnect) app.addHook('onClose', async () => void offReconnect());
  registerRoutes(app, routes, db, config, market, trading);
  if (operatorKey) registerOperatorRoutes(app, OPERATOR_ROUTES, db, config, operatorKey, trading.clock);

  const openapi = buildOpenApi(routes, APP_VERSION);
  app.get(`${API_PREFIX}/openapi.json`, async () => openapi);
  registerHealth(app, db, engines);

  const knownPaths = new Map<string, Set<string>>();
  for (const route of routes)
    (knownPaths.get(route.path) ?? knownPaths.set(route.path, new Set()).get(route.path))?.add(route.method);
  const serveApp = config.clientDir ? await registerClient(app, config.clientDir) : null;
  registerNotFound(app, knownPaths, serveApp);
  return app;
}
