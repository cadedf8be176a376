import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { AppConfig } from '../app-config';
import type { Db } from '../db/client';

/** Operator routes live under this prefix, outside the public API and its OpenAPI document. */
export const OPERATOR_PREFIX = '/operator';
/** The header carrying the key from DATA_DIR/operator.key. */
export const OPERATOR_KEY_HEADER = 'x-operator-key';

export type OperatorContext<I> = {
  input: I;
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  /** The engines' clock (virtual in tests): every action dates what it does by it, as the jobs do. */
  now: () => number;
};

export type OperatorRoute = {
  /** POST /operator/<path> with a form body. */
  path: string;
  input: z.ZodType<unknown, Record<string, unknown>>;
  /** What the audit row says was done, and to what. */
  action: string;
  target: (input: never) => string | null;
  run: (ctx: OperatorContext<never>) => Promise<unknown>;
};

export function defineOperatorRoute<S extends z.ZodType<unknown, Record<string, unknown>>>(route: {
  path: string;
  input: S;
  action: string;
  target?: (input: z.output<S>) => string | null;
  run: (ctx: OperatorContext<z.output<S>>) => Promise<unknown>;
}): OperatorRoute {
  return { target: () => null, ...route } as unknown as OperatorRoute;
}
