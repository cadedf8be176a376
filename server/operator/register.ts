import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CODE_OK } from '../../domain/protocol/envelope';
import { fieldErrorFromIssues } from '../../domain/validation/issues';
import type { AppConfig } from '../app-config';
import type { Db } from '../db/client';
import { ApiError } from '../http/errors';
import { UNSUPPORTED_BODY } from '../http/body';
import { audit } from './audit';
import { OPERATOR_KEY_HEADER, OPERATOR_PREFIX, type OperatorRoute } from './define';
import { isLoopback, keysMatch } from './key';

/** Loopback callers holding the key, and nobody else; refusals are audited too. */
async function admit(req: FastifyRequest, db: Db, key: string): Promise<void> {
  const fromLoopback = isLoopback(req.socket.remoteAddress);
  const keyOk = keysMatch(req.headers[OPERATOR_KEY_HEADER], key);
  if (fromLoopback && keyOk) return;
  const reason = fromLoopback ? 'wrong key' : `not loopback (${req.socket.remoteAddress ?? 'unknown'})`;
  await audit(db, { action: 'refused', target: req.url, result: reason });
  throw new ApiError('FORBIDDEN');
}

/**
 * The operator API (DECISIONS §2: staff act through the CLI, never an admin screen). The CLI
 * on the same machine talks to it, since PGlite belongs to the server process.
 */
export function registerOperatorRoutes(
  app: FastifyInstance,
  routes: readonly OperatorRoute[],
  db: Db,
  config: AppConfig,
  key: string,
  clock: { now(): number } = { now: () => Date.now() },
): void {
  for (const route of routes) {
    app.post(`${OPERATOR_PREFIX}/${route.path}`, async (req) => {
      await admit(req, db, key);
      const raw: unknown = req.body ?? {};
      if (raw === UNSUPPORTED_BODY) throw new ApiError('UNSUPPORTED_MEDIA_TYPE');
      const parsed = route.input.safeParse(raw);
      if (!parsed.success) {
        const { key: errorKey, field, params } = fieldErrorFromIssues(parsed.error.issues, raw);
        throw new ApiError(errorKey, { ...params, field });
      }
      const input = parsed.data as never;
      const target = route.target(input);
      try {
        const data = await route.run({ input, db, config, log: req.log, now: () => clock.now() });
        await audit(db, { action: route.action, target, params: redact(raw), result: 'ok' });
        return { code: CODE_OK, msg: 'ok', data };
      } catch (error) {
        const result = error instanceof ApiError ? `error:${error.key}` : 'error:internal';
        await audit(db, { action: route.action, target, params: redact(raw), result });
        throw error;
      }
    });
  }
}

/** Audit rows keep what was asked, never a password. */
function redact(raw: unknown): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null) return {};
  return Object.fromEntries(
    Object.entries(raw as Record<string, unknown>).map(([k, v]) => [k, /password/i.test(k) ? '***' : v]),
  );
}
