import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { API_PREFIX, CODE_OK } from '../../domain/protocol/envelope';
import { resolveLocale, type Locale } from '../../domain/format/locale';
import { fieldErrorFromIssues } from '../../domain/validation/issues';
import { requireSession, type Session } from '../auth/session';
import type { Db } from '../db/client';
import type { AppConfig } from '../app-config';
import type { MarketSource } from '../market/source';
import type { Trading } from '../trading/services';
import { ApiError } from './errors';
import { readBody, UNSUPPORTED_BODY } from './body';
import { fingerprintOf, runOnce } from './once';
import { bytesAnswerSchema } from '../../domain/protocol/endpoint';
import type { AnyEndpoint, Auth, BodyKind, Endpoint, InputSchema } from '../../domain/protocol/endpoint';

export type { Auth } from '../../domain/protocol/endpoint';

export type RouteContext<Input, A extends Auth> = {
  input: Input;
  locale: Locale;
  session: A extends 'user' ? Session : null;
  db: Db;
  config: AppConfig;
  /** The market-data source: every price a route answers comes from it (DECISIONS §2). */
  market: MarketSource;
  /** The matching and risk engines (orders, positions). */
  trading: Trading;
  log: FastifyBaseLogger;
  req: FastifyRequest;
};

/** A route as the registry keeps it: its schemas feed validation and the OpenAPI document alike. */
export type RouteDef = {
  method: 'GET' | 'POST';
  /** Path under API_PREFIX, as in shared/spec/endpoints.txt. */
  path: string;
  summary: string;
  tag: string;
  auth: Auth;
  input: InputSchema;
  output: z.ZodType;
  /** A POST body's format: a form (the default) or multipart/form-data with files. */
  body?: BodyKind;
  /** Media types of a byte answer (output: bytesAnswerSchema); absent, the answer is an envelope. */
  produces?: readonly string[];
  /**
   * A money-moving request that takes an optional `requestId` (its input schema spreads
   * `withRequestId`): one key, one movement, however often it is sent (server/http/once.ts).
   */
  idempotent?: boolean;
  handler: (ctx: RouteContext<unknown, Auth>) => Promise<unknown>;
  /** The declaration this route implements (domain/protocol/endpoints). */
  endpoint: AnyEndpoint;
};

export { bytesAnswerSchema } from '../../domain/protocol/endpoint';

function sendBytes(reply: FastifyReply, answer: unknown): FastifyReply {
  const { bytes, contentType, headers } = bytesAnswerSchema.parse(answer);
  return reply
    .headers(headers)
    .type(contentType)
    .send(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
}

/** What the server adds to a declaration: the OpenAPI words and the handler. */
export type Implementation<E> =
  E extends Endpoint<infer I, infer O, infer A>
    ? {
        summary: string;
        tag: string;
        handler: (ctx: RouteContext<z.output<I>, A>) => Promise<z.input<O>>;
      }
    : never;

/**
 * A route implementing a declaration: its method, path, schemas and flags come from it. GET reads
 * its input from the query, POST from the form body (SPEC §7); either way the input schema decides
 * what gets through, and anything else is a -1001 with a localized message and a key before the
 * handler runs. An area's routes come from `implementAll`; one alone is a test's probe route.
 */
export function implement<E extends AnyEndpoint>(endpoint: E, implementation: Implementation<E>): RouteDef {
  const { summary, tag, handler } = implementation as Implementation<AnyEndpoint>;
  return { ...endpoint, endpoint, summary, tag, handler } as RouteDef;
}

/**
 * The routes of an area's declarations, one implementation for each: a declaration left without
 * one, or an implementation without a declaration, fails the type check.
 */
export function implementAll<Es extends Record<string, AnyEndpoint>>(
  endpoints: Es,
  tag: string,
  implementations: { [K in keyof Es]: Omit<Implementation<Es[K]>, 'tag'> },
): RouteDef[] {
  return Object.keys(endpoints).map((name) =>
    implement(endpoints[name] as AnyEndpoint, {
      ...(implementations[name] as Omit<Implementation<AnyEndpoint>, 'tag'>),
      tag,
    }),
  );
}

export function registerRoutes(
  app: FastifyInstance,
  routes: readonly RouteDef[],
  db: Db,
  config: AppConfig,
  market: MarketSource,
  trading: Trading,
): void {
  for (const route of routes) {
    app.route({
      method: route.method,
      url: API_PREFIX + route.path,
      handler: async (req, reply) => {
        const locale = resolveLocale(req.headers['accept-language']);
        // The session matters more than the form: a signed-out caller learns that first.
        const session = route.auth === 'user' ? await requireSession(db, req.headers.accesstoken) : null;
        const raw: unknown = route.method === 'GET' ? req.query : await readBody(req, route.body ?? 'form');
        if (raw === UNSUPPORTED_BODY) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
        const parsed = route.input.safeParse(raw);
        if (!parsed.success) {
          const { key, field, params } = fieldErrorFromIssues(parsed.error.issues, raw);
          throw new ApiError(key, { ...params, field });
        }
        const run = async () => {
          const data = await route.handler({
            input: parsed.data,
            locale,
            session,
            db,
            config,
            market,
            trading,
            log: req.log,
            req,
          });
          // The declared answer is the contract (and the OpenAPI document): drifting from it is our bug.
          return route.output.parse(data);
        };
        if (route.produces) return sendBytes(reply, await run());
        const requestId = route.idempotent ? requestIdOf(parsed.data) : undefined;
        const data =
          requestId !== undefined && session
            ? await runOnce({
                db,
                session,
                requestId,
                route: route.path,
                fingerprint: fingerprintOf(raw),
                log: req.log,
                run,
              })
            : await run();
        return { code: CODE_OK, msg: 'ok', data };
      },
    });
  }
}

function requestIdOf(input: unknown): string | undefined {
  const id = (input as { requestId?: unknown } | null)?.requestId;
  return typeof id === 'string' ? id : undefined;
}
