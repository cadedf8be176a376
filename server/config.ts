import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DatabaseOptions } from './db/client';
import { leaseStaleMs } from './cluster/lease';
import { MAX_PARTITIONS } from './cluster/partition-map';
import { ROOT } from './paths';
import type { OutboundConfig } from './http/outbound/client';

/** Costs and limits of sign-in security; lower in tests (TOOLCHAIN: scrypt N=2^17 costs ~300 ms here). */
export type SecurityConfig = {
  /** scrypt cost N (a power of two); r=8, p=1. */
  scryptN: number;
  sessionTtlHours: number;
  /** Failed logins allowed per account, and per IP, in a rolling hour before a block. */
  loginFailuresPerAccount: number;
  loginFailuresPerIp: number;
  codeTtlSeconds: number;
  /** Minimum seconds between two codes to one target. */
  codeResendSeconds: number;
  /** Wrong tries a code survives. */
  codeMaxAttempts: number;
  passkeys: PasskeyConfig;
};

/**
 * Who the passkeys are for. A browser binds a passkey to the RP ID (a domain, never an IP
 * address), and signs the page's origin; both are checked against these.
 */
export type PasskeyConfig = {
  /** The domain passkeys belong to (PASSKEY_RP_ID, default `localhost`). */
  rpId: string;
  /** The name an authenticator shows beside the passkey. */
  rpName: string;
  /**
   * Origins a ceremony may come from (PASSKEY_ORIGINS, comma-separated). Unset: any port of the
   * RP ID itself, so a broker on a free port (tests, `PORT=…`) works without listing it.
   */
  origins: readonly string[] | null;
};

/** The market-data source (DECISIONS §1): the simulator by default; coins may come from Binance. */
export type MarketConfig = {
  /** Seed of the simulator's random process: the same seed and clock give the same market. */
  seed: number;
  /** BIST "always open" switch for demos and tests (DECISIONS §5). */
  alwaysOpen: boolean;
  /** Where coin prices come from. */
  coins: 'simulator' | 'binance';
  /** `bench`: the benchmark catalogue (200 instruments at 10 Hz); `default` otherwise. */
  profile: 'default' | 'bench';
  /** How often the owner saves the simulated market's bars (server/market/history-store.ts). */
  historySaveMs: number;
};

/** Funding: the sandbox switches of deposits and withdrawals. */
export type FundingConfig = {
  /** Accept funding requests at any hour, whatever the `funding` setting's hours (demos, tests). */
  alwaysOpen: boolean;
  /** How often the sandbox payment and chain simulators look for requests to decide. */
  simulatorIntervalMs: number;
};

/** Scale-out: unset, one process as always; set, a node of a cluster. */
export type ClusterConfig = {
  /** NATS server the nodes share (`BUS_URL=nats://127.0.0.1:4222`); requires DATABASE_URL. */
  busUrl: string;
  /** How often a node that does not own the trading partition tries to take it. */
  leaseRetryMs: number;
  /** This node's name in logs and on the bus (NODE_NAME, default host:port). */
  nodeName: string;
  /**
   * How many trading partitions the instruments are split into (TRADING_PARTITIONS, default 1):
   * coins in one, stocks over the others; every node of a cluster must say the same.
   */
  tradingPartitions: number;
};

export type ServerConfig = {
  port: number;
  host: string;
  database: DatabaseOptions;
  /** The server's own files (the embedded database when not on PostgreSQL, the operator key). */
  dataDir: string;
  security: SecurityConfig;
  logLevel: string;
  /** The built client to serve, or null when there is none (API-only, as in server tests). */
  clientDir: string | null;
  /** Form bodies are small; KYC uploads get their own limit. */
  bodyLimit: number;
  market: MarketConfig;
  funding: FundingConfig;
  cluster: ClusterConfig | null;
  /** How the broker reaches URLs users give it (docs/outbound.md). */
  outbound: OutboundConfig;
};

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** A configuration problem stops the start with a message a person can act on. */
export class ConfigError extends Error {}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!/^\d+$/.test(value) || Number(value) <= 0)
    throw new ConfigError(`${name} must be a positive whole number, got "${value}"`);
  return Number(value);
}

export function securityFromEnv(env: NodeJS.ProcessEnv = process.env): SecurityConfig {
  const scryptN = positiveInt(env, 'SCRYPT_N', 2 ** 17);
  if ((scryptN & (scryptN - 1)) !== 0 || scryptN < 2)
    throw new ConfigError('SCRYPT_N must be a power of two');
  return {
    scryptN,
    sessionTtlHours: positiveInt(env, 'SESSION_TTL_HOURS', 24 * 7),
    loginFailuresPerAccount: positiveInt(env, 'LOGIN_FAILURES_PER_ACCOUNT', 10),
    loginFailuresPerIp: positiveInt(env, 'LOGIN_FAILURES_PER_IP', 100),
    codeTtlSeconds: positiveInt(env, 'CODE_TTL_SECONDS', 600),
    codeResendSeconds: positiveInt(env, 'CODE_RESEND_SECONDS', 60),
    codeMaxAttempts: positiveInt(env, 'CODE_MAX_ATTEMPTS', 5),
    passkeys: passkeysFromEnv(env),
  };
}

export function passkeysFromEnv(env: NodeJS.ProcessEnv = process.env): PasskeyConfig {
  const rpId = env.PASSKEY_RP_ID?.trim() || 'localhost';
  if (!/^[a-z0-9.-]+$/i.test(rpId) || /^[\d.]+$/.test(rpId))
    throw new ConfigError(`PASSKEY_RP_ID must be a domain name (not an IP address), got "${rpId}"`);
  const listed = (env.PASSKEY_ORIGINS ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '');
  for (const origin of listed)
    if (!URL.canParse(origin) || new URL(origin).origin !== origin)
      throw new ConfigError(`PASSKEY_ORIGINS must list origins such as https://example.com, got "${origin}"`);
  return { rpId, rpName: 'Seans', origins: listed.length > 0 ? listed : null };
}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535)
    throw new ConfigError(`PORT must be a number from 0 to 65535, got "${value}"`);
  return n;
}

function oneOf<T extends string>(env: NodeJS.ProcessEnv, name: string, values: readonly T[], fallback: T): T {
  const value = env[name];
  if (value === undefined || value === '') return fallback;
  if (!(values as readonly string[]).includes(value))
    throw new ConfigError(`${name} must be one of ${values.join(', ')}, got "${value}"`);
  return value as T;
}

export function marketFromEnv(env: NodeJS.ProcessEnv = process.env): MarketConfig {
  return {
    seed: positiveInt(env, 'MARKET_SEED', 20_261_122),
    alwaysOpen:
      oneOf(env, 'MARKET_ALWAYS_OPEN', ['0', '1', 'false', 'true'], '0').match(/^(1|true)$/) !== null,
    coins: oneOf(env, 'MARKET_COINS', ['simulator', 'binance'] as const, 'simulator'),
    profile: oneOf(env, 'MARKET_PROFILE', ['default', 'bench'] as const, 'default'),
    // A kill -9 loses at most this much of the charts.
    historySaveMs: positiveInt(env, 'MARKET_HISTORY_MS', 30_000),
  };
}

export function fundingFromEnv(env: NodeJS.ProcessEnv = process.env): FundingConfig {
  return {
    alwaysOpen:
      oneOf(env, 'FUNDING_ALWAYS_OPEN', ['0', '1', 'false', 'true'], '0').match(/^(1|true)$/) !== null,
    simulatorIntervalMs: positiveInt(env, 'FUNDING_SIMULATOR_INTERVAL_MS', 5000),
  };
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const url = env.DATABASE_URL?.trim();
  if (url && !/^postgres(ql)?:\/\//.test(url)) {
    throw new ConfigError(
      'DATABASE_URL must start with postgres:// (leave it unset for the embedded database)',
    );
  }
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LOG_LEVELS.includes(logLevel))
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);
  const clientDir = resolve(ROOT, env.CLIENT_DIR ?? 'dist/client');
  const dataDir = resolve(env.DATA_DIR ?? resolve(ROOT, 'data'));
  const cluster = clusterFromEnv(env, Boolean(url));
  // A node of a cluster stopped in a transaction (SIGSTOP, a paused VM) held the epoch row its
  // batch had locked, and the node taking its lease over waited on it for as long as it stayed
  // stopped: the database ends a transaction left idle as long as a lease holder may be silent.
  const idle = cluster ? { idleInTransactionMs: leaseStaleMs(cluster.leaseRetryMs) } : {};
  return {
    port: port(env.PORT),
    host: env.HOST ?? 'localhost',
    database: url ? { kind: 'postgres', url, ...idle } : { kind: 'pglite', dataDir },
    dataDir,
    security: securityFromEnv(env),
    logLevel,
    clientDir: existsSync(resolve(clientDir, 'index.html')) ? clientDir : null,
    bodyLimit: 64 * 1024,
    market: marketFromEnv(env),
    funding: fundingFromEnv(env),
    cluster,
    // Tests run a plain-HTTP push service on 127.0.0.1; nothing else is ever let through.
    outbound: { allowLoopback: env.PUSH_ALLOW_LOOPBACK === '1' },
  };
}

function partitionCount(env: NodeJS.ProcessEnv): number {
  const count = positiveInt(env, 'TRADING_PARTITIONS', 1);
  if (count > MAX_PARTITIONS)
    throw new ConfigError(`TRADING_PARTITIONS must be at most ${MAX_PARTITIONS}, got ${count}`);
  return count;
}

export function clusterFromEnv(env: NodeJS.ProcessEnv, onPostgres: boolean): ClusterConfig | null {
  const busUrl = env.BUS_URL?.trim();
  if (!busUrl) return null;
  if (!/^nats:\/\/[^\s]+$/.test(busUrl))
    throw new ConfigError(
      `BUS_URL must be a nats:// address (leave it unset for one process), got "${busUrl}"`,
    );
  if (!onPostgres)
    throw new ConfigError('BUS_URL needs DATABASE_URL: the nodes of a cluster share one PostgreSQL database');
  return {
    busUrl,
    leaseRetryMs: positiveInt(env, 'LEASE_RETRY_MS', 1000),
    nodeName: env.NODE_NAME?.trim() || `${env.HOST ?? 'localhost'}:${env.PORT ?? '8080'}`,
    tradingPartitions: partitionCount(env),
  };
}
