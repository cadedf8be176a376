import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DatabaseOptions } from './db/client';

export type ServerConfig = {
  port: number;
  host: string;
  database: DatabaseOptions;
  logLevel: string;
  /** The built client to serve, or null when there is none (API-only, as in server tests). */
  clientDir: string | null;
  /** Form bodies are small; KYC uploads get their own limit. */
  bodyLimit: number;
};

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** A configuration problem stops the start with a message a person can act on. */
export class ConfigError extends Error {}

function port(value: string | undefined): number {
  if (value === undefined || value === '') return 8080;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n > 65535)
    throw new ConfigError(`PORT must be a number from 0 to 65535, got "${value}"`);
  return n;
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
  return {
    port: port(env.PORT),
    host: env.HOST ?? 'localhost',
    database: url
      ? { kind: 'postgres', url }
      : { kind: 'pglite', dataDir: resolve(env.DATA_DIR ?? resolve(ROOT, 'data')) },
    logLevel,
    clientDir: existsSync(resolve(clientDir, 'index.html')) ? clientDir : null,
    bodyLimit: 64 * 1024,
  };
}
