import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, CODE_OK } from '../../domain/protocol/envelope';
import { resolveLocale, type Locale } from '../../domain/format/locale';
import { fieldErrorFromIssues } from '../../domain/validation/issues';
import { requireSession, type Session } from '../auth/session';
import type { Db } from '../db/client';
import type { AppConfig } from '../app-config';
import { ApiError } from './errors';
import { UNSUPPORTED_BODY } from './body';

export type Auth = 'none' | 'user';

export type RouteContext<Input, A extends Auth> = {
  input: Input;
  locale: Locale;
  session: A extends 'user' ? Session : null;
  db: Db;
  config: AppConfig;
  log: FastifyBaseLogger;
  req: FastifyRequest;
};

/** A request schema: an object, possibly refined or transformed (cross-field rules). */
type AnyObject = z.ZodType<unknown, Record<string, unknown>>;

/** A route as the registry keeps it: its schemas feed validation and the OpenAPI document alike. */
export type RouteDef = {
  method: 'GET' | 'POST';
  /** Path under API_PREFIX, as in shared/spec/endpoints.txt. */
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  input: AnyObject;
  output: z.ZodType;
  handler: (ctx: RouteContext<unknown, Auth>) => Promise<unknown>;
};

/**
 * Declares a route. GET reads its input from the query, POST from the form body (SPEC §7);
 * either way the input schema decides what gets through, and anything else is a -1001
 * with a localized message and a key before the handler runs.
 */
export function defineRoute<I extends AnyObject, O extends z.ZodType, A extends Auth>(def: {
  method: 'GET' | 'POST';
  path: string;
  summary: string;
  tag: string;
  auth: A;
  input: I;
  output: O;
  handler: (ctx: RouteContext<z.output<I>, A>) => Promise<z.input<O>>;
}): RouteDef {
  return def as unknown as RouteDef;
}

export function registerRoutes(
  app: FastifyInstance,
  routes: readonly RouteDef[],
  db: Db,
  config: AppConfig,
): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: API_PREFIX + route.path,
      handler: async (req) => {
        const locale = resolveLocale(req.headers['accept-language']);
        // The session matters more than the form: a signed-out caller learns that first.
        const session = route.auth === 'user' ? await requireSession(db, req.headers.accesstoken) : null;
        const raw: unknown = route.method === 'GET' ? req.query : (req.body ?? {});
        if (raw === UNSUPPORTED_BODY) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
        const parsed = route.input.safeParse(raw);
        if (!parsed.success) {
          const { key, field, params } = fieldErrorFromIssues(parsed.error.issues, raw);
          throw new ApiError(key, { ...params, field });
        }
        const data = await route.handler({
          input: parsed.data,
          locale,
          session,
          db,
          config,
          log: req.log,
          req,
        });
        // The declared answer is the contract (and the OpenAPI document): drifting from it is our bug.
        return { code: CODE_OK, msg: 'ok', data: route.output.parse(data) };
      },
    });
  }
}
