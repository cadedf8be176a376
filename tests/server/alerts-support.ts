import { expect } from 'vitest';
import type { AccountType } from '../../domain/protocol/account';
import { parseAlertFired, type AlertFired } from '../../domain/protocol/alert-fired';
import { appStateOf, eventsOf } from '../../server/app-state';
import type { Db } from '../../server/db/client';
import { instrument, scriptedSource, type ScriptedSource } from '../support/scripted-source';
import { userWithSession } from '../support/session';
import { settledRoute } from '../support/settled-route';
import { startServer, type DbTarget, type TestServer } from '../support/server';
import { EN, type Envelope, apiCaller, type ApiCall } from '../support/api-call';
export { EN, type Envelope } from '../support/api-call';

/** A test-only route: waits until every alert fired or re-armed so far is saved and told. */
const settledProbe = settledRoute('/test/alerts/settled', async ({ db, trading }) => {
  await trading.contracts.settled();
  await appStateOf(db).alerts.settled();
});

type ServerOptions = NonNullable<Parameters<typeof startServer>[1]>;

export const TR = { 'Accept-Language': 'tr-TR' };

export type AlertWorld = {
  server: TestServer;
  source: ScriptedSource;
  clock: { t: number; now(): number };
  call: ApiCall;
  get(path: string, token: string): Promise<Envelope>;
  /** Moves `symbol`'s last price and waits for what it fired to be saved and told. */
  price(symbol: string, last: string): Promise<void>;
  settled(): Promise<void>;
  user(): Promise<{ id: bigint; token: string }>;
  close(): Promise<void>;
};

/** A server over a scripted market (THYAO, ASELS; BTCUSDT with a mark) and a virtual clock. */
export async function alertWorld(
  target: DbTarget,
  start = Date.UTC(2026, 10, 27, 9),
  options: Omit<ServerOptions, 'source' | 'clock' | 'extraRoutes'> = {},
): Promise<AlertWorld> {
  const clock = { t: start, now: () => clock.t };
  const source = scriptedSource([instrument('THYAO'), instrument('ASELS'), instrument('BTCUSDT')], clock.now);
  source.setTicker('THYAO', { last: '310.00' });
  source.setTicker('ASELS', { last: '100.00' });
  source.setTicker('BTCUSDT', { last: '50000.00' });
  source.setMark('BTCUSDT', { mark: '50000.00' });
  const server = await startServer(target, { source, clock, extraRoutes: [settledProbe], ...options });
  const call = apiCaller(server);
  const settled = async () => void (await call('/test/alerts/settled', undefined));
  return {
    server,
    source,
    clock,
    call,
    async get(path, token) {
      const res = await fetch(server.api(path), { headers: { accesstoken: token, ...EN } });
      return (await res.json()) as Envelope;
    },
    async price(symbol, last) {
      source.emitTicker(symbol, { last });
      await settled();
    },
    settled,
    async user() {
      const u = await userWithSession(server.database.db);
      return { id: BigInt(u.userId), token: u.token };
    },
    close: () => server.close(),
  };
}

/** The data of a successful answer (fails the test with the envelope otherwise). */
export function ok<T>(envelope: Envelope): T {
  expect(envelope, JSON.stringify(envelope)).toMatchObject({ code: 0 });
  return envelope.data as T;
}

/** What one user's open app (signed in to `accountType`) hears on the `alerts` channel. */
export function watchAlerts(db: Db, userId: bigint, accountType: AccountType = 'real') {
  const seen: AlertFired[] = [];
  const off = eventsOf(db).subscribe(userId, {
    accountType,
    event(ch, text) {
      if (ch !== 'alerts') return;
      const fired = parseAlertFired(JSON.parse(text));
      if (!fired) throw new Error(`an alerts event no client can read: ${text}`);
      seen.push(fired);
    },
    sessionsEnded: () => undefined,
  });
  return { seen, off };
}
