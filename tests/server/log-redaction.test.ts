import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { VipStatus } from '../../domain/protocol/membership';
import { endpoint } from '../../domain/protocol/endpoint';
import { implement } from '../../server/http/route';
import { dbTargets, postForm, startServer, type TestServer } from '../support/server';
import { investor, type Investor } from './ipo-support';
import type { Envelope } from './spot-support';

/** A PIN no timestamp or id in a log line is likely to contain by chance. */
const SECRET_PIN = '975318';
const WRONG_PIN = '864297';

/** A route whose failure quotes its input, as a careless error message would. */
const failing = implement(
  endpoint({
    method: 'POST',
    path: '/test/fails',
    auth: 'none',
    input: z.object({ tradePassword: z.string(), note: z.string() }),
    output: z.object({}),
  }),
  {
    summary: 'fails, quoting its input',
    tag: 'test',
    handler: async ({ input }) => {
      throw new Error(`could not file ${JSON.stringify(input)} (tradePassword=${input.tradePassword})`);
    },
  },
);

/**
 * A client may still send SPEC's GET /user/vip/buy with the trade password in its query (it buys
 * nothing, but the URL is logged), and any route's failure may quote what it was sent: no log
 * line — request lines at debug, error reports — holds the PIN.
 */
describe.each(dbTargets())('no log line carries a PIN on %s', (target) => {
  const lines: string[] = [];
  let server: TestServer;
  let u: Investor;
  beforeAll(async () => {
    server = await startServer(target, {
      extraRoutes: [failing],
      logLevel: 'debug',
      logStream: { write: (line) => void lines.push(line) },
    });
    u = await investor(server.database.db, '1000', SECRET_PIN);
  });
  afterAll(async () => server?.close());

  const get = async (path: string, query: Record<string, string>) =>
    (await (
      await fetch(`${server.api(path)}?${new URLSearchParams(query)}`, { headers: { accesstoken: u.token } })
    ).json()) as Envelope<VipStatus>;

  it('masks the PIN of a GET /user/vip/buy (which buys nothing) and of a wrong one', async () => {
    for (const tradePassword of [WRONG_PIN, SECRET_PIN]) {
      const answer = await get('/user/vip/buy', {
        plan: 'paid',
        price: '499',
        paidUntil: '0',
        tradePassword,
      });
      expect(answer).toMatchObject({ code: -1001, key: 'USE_POST' });
    }
    const requests = lines.filter((l) => l.includes('request completed') && l.includes('/user/vip/buy'));
    expect(requests).toHaveLength(2);
    for (const line of requests) expect(line).toContain('tradePassword=***');
  });

  it('the app’s POST takes the PIN in the body; its refusal logs nothing of it', async () => {
    const res = await postForm(
      server.api('/user/vip/buy'),
      { plan: 'paid', price: '1', paidUntil: '0', tradePassword: SECRET_PIN },
      { accesstoken: u.token },
    );
    const body = (await res.json()) as Envelope<VipStatus>;
    expect(body.code).toBe(-1001);
    expect(body.key).toBeTruthy();
  });

  it('an unhandled error quoting the PIN is reported without it', async () => {
    const res = await postForm(server.api('/test/fails'), { tradePassword: SECRET_PIN, note: 'x' });
    expect(res.status).toBe(500);
    const reports = lines.filter((l) => l.includes('unhandled error'));
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('could not file');
    expect(reports[0]).toContain('tradePassword=***');
  });

  it('holds neither PIN anywhere in the log', () => {
    expect(lines.length).toBeGreaterThan(3);
    const log = lines.join('\n');
    expect(log).not.toContain(SECRET_PIN);
    expect(log).not.toContain(WRONG_PIN);
  });
});
