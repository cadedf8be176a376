import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { IpoApplication } from '../../domain/protocol/ipo';
import type { Holding } from '../../domain/protocol/trading';
import { operatorAudit } from '../../server/db/schema/system';
import { runIpoPass } from '../../server/primary/ipo/pass';
import { nextTradingDayOpen } from '../../server/trading/spot/session';
import { OPERATOR_KEY_FILE } from '../../server/operator/key';
import { operator } from '../support/operator';
import { dbTargets } from '../support/server';
import {
  HOUR,
  OPERATOR_KEY,
  PIN,
  OTHER_SYMBOL,
  SYMBOL,
  draft,
  investor,
  ipoWorld,
  newIpo,
  operatorCall,
} from './ipo-support';
import { api, expectCleanLedger } from './spot-support';

type Page<T> = { list: T[]; total: number };
type Advanced = {
  step: string;
  closedAt: string | null;
  allocationAt: string;
  refundAt: string;
  listingAt: string;
};
const iso = (ms: number) => new Date(ms).toISOString();
const MINUTE = 60_000;
const DAY = 24 * HOUR;
/** 23 Nov 2026, a Monday (no holiday that week), 12:00 in Istanbul; its next session opens 10:00. */
const MONDAY_NOON = Date.parse('2026-11-23T09:00:00Z');
const TUESDAY_OPEN = Date.parse('2026-11-24T07:00:00Z');

describe.each(dbTargets())('IPO operator commands on %s', (target) => {
  const t = sharedWorld(
    () => ipoWorld(target),
    (world) => {
      const call = api(world as never);
      return { call };
    },
  );
  const op = (path: string, fields: Record<string, string> = {}) => operatorCall(t.world, path, fields);

  it('lists IPOs and applications, and closes a subscription early, each audited', async () => {
    // The operator acts on the broker's clock, set to the wall clock's time here.
    const now = Date.now();
    t.world.clock.set(now);
    const id = await newIpo(
      t.world,
      // A symbol of its own: the step-by-step test below lists SYMBOL, and this offering is still
      // under way then.
      draft(now - HOUR, {
        symbol: 'OPRTA',
        subscribeEnd: now + 10 * HOUR,
        allocationAt: now + 11 * HOUR,
        refundAt: now + 12 * HOUR,
        listingAt: now + 13 * HOUR,
      }),
    );
    const u = await investor(t.world.db, '1000');
    expect(
      (await t.call.post('/stock/order/new/apply', u.token, { id, lots: '12', tradePassword: PIN })).code,
    ).toBe(0);

    const ipos = (await op('ipos')).data as { id: string; status: string; applicants: number }[];
    expect(ipos.find((i) => i.id === id)).toMatchObject({ status: 'subscribing', applicants: 1 });
    const apps = (await op('ipo-applications', { id })).data as { userId: string; status: string }[];
    expect(apps).toMatchObject([
      { userId: String(u.userId), status: 'applying', lots: '12', held: '240.25' },
    ]);

    const closed = await op('ipo-close', { id });
    expect(closed).toMatchObject({ code: 0, data: { id, allocated: false } });
    expect((await op('ipo-close', { id })).key).toBe('IPO_NOT_SUBSCRIBING');
    const late = await investor(t.world.db, '1000');
    t.world.clock.set(Date.now());
    const refused = await t.call.post('/stock/order/new/apply', late.token, {
      id,
      lots: '1',
      tradePassword: PIN,
    });
    expect(refused.key).toBe('IPO_NOT_SUBSCRIBING');

    // The next pass allocates at once: 12 asked of a 10-lot pool.
    const at = Date.now();
    t.world.clock.set(at);
    await runIpoPass(t.world.db, at);
    const mine = (await t.call.get<Page<IpoApplication>>('/stock/order/new/list', u.token)).data.list[0];
    expect(mine).toMatchObject({ ipoId: id, status: 'won', allottedLots: '10', charged: '200.21' });
    await expectCleanLedger(t.world.db);

    const audit = await t.world.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(10);
    expect(audit.map((a) => [a.action, a.target])).toEqual(
      expect.arrayContaining([
        ['ipo.close', `ipo:${id}`],
        ['ipo.applications', `ipo:${id}`],
        ['ipo.list', null],
      ]),
    );
    expect((await op('ipo-applications', { id: '999999' })).key).toBe('IPO_NOT_FOUND');
  });

  it('creates an IPO of a catalogue IPO stock, refusing dates out of order and other symbols', async () => {
    const now = Date.now();
    const fields = {
      symbol: 'gapen',
      name: 'GAP Güneş Enerjisi A.Ş.',
      issuePrice: '27.20',
      lotsRetail: '9000',
      lotsInstitutional: '6000',
      minLots: '1',
      maxLots: '400',
      subscribeStart: iso(now - HOUR),
      subscribeEnd: String(now + 2 * HOUR),
      allocationAt: iso(now + 3 * HOUR),
      refundAt: iso(now + 4 * HOUR),
      listingAt: iso(now + 5 * HOUR),
      method: 'lottery',
      ticketLots: '10',
    };
    const created = await op('ipo-create', fields);
    expect(created).toMatchObject({ code: 0, data: { symbol: 'GAPEN', status: 'subscribing' } });
    const id = (created.data as { id: string }).id;
    const ipos = (await op('ipos')).data as { id: string; symbol: string; method: string }[];
    expect(ipos.find((i) => i.id === id)).toMatchObject({
      symbol: 'GAPEN',
      method: 'lottery',
      issuePrice: '27.2',
      lotsRetail: '9000',
      subscribeStart: fields.subscribeStart,
      subscribeEnd: iso(now + 2 * HOUR),
      listingAt: fields.listingAt,
    });
    // The texts the operator left out come from the symbol's prospectus.
    const viewer = await investor(t.world.db, '1');
    const info = await t.call.get<{ sector: string }>('/stock/index/new/info', viewer.token, { id });
    expect(info.data.sector).toBe('Energy');

    const before = ((await op('ipos', { limit: '500' })).data as unknown[]).length;
    const early = await op('ipo-create', { ...fields, allocationAt: iso(now + HOUR) });
    expect(early).toMatchObject({ key: 'IPO_WINDOW_ORDER' });
    expect(JSON.stringify(early)).toContain('allocationAt');
    expect((await op('ipo-create', { ...fields, listingAt: 'tomorrow' })).key).toBe('FIELD_INVALID');
    // KPDTR listed with its seeded offering and THYAO trades from the start: neither can go
    // public again; YENIA is not in the catalogue at all.
    for (const symbol of ['KPDTR', 'THYAO'])
      expect(await op('ipo-create', { ...fields, symbol })).toMatchObject({
        key: 'IPO_SYMBOL_LISTED',
        msg: `${symbol} zaten borsada işlem görüyor; halka arz edilemez.`,
      });
    expect(await op('ipo-create', { ...fields, symbol: SYMBOL })).toMatchObject({ key: 'FIELD_INVALID' });
    // A symbol with an offering under way is not offered a second time beside it: GAPEN's just
    // made (subscribing), MRYEN's seeded one (upcoming).
    expect(await op('ipo-create', fields)).toMatchObject({
      key: 'IPO_SYMBOL_OFFERED',
      msg: `GAPEN için süren bir halka arz var (no. ${id}); yanında ikincisi açılamaz.`,
    });
    expect(await op('ipo-create', { ...fields, symbol: 'MRYEN' })).toMatchObject({
      key: 'IPO_SYMBOL_OFFERED',
    });
    // The CLI as staff run it says the same, with the key.
    const dataDir = await mkdtemp(path.join(tmpdir(), 'seans-ipo-operator-'));
    await writeFile(path.join(dataDir, OPERATOR_KEY_FILE), OPERATOR_KEY);
    const cli = { port: new URL(t.world.server.url).port, dataDir };
    // (The CLI itself refuses a symbol that is not a catalogue IPO stock, THYAO among them.)
    const create = (symbol: string) =>
      operator(
        [
          ...['ipo', 'create', '--symbol', symbol, '--name', fields.name, '--price', fields.issuePrice],
          ...'--lots-retail 9000 --lots-institutional 6000 --min-lots 1 --max-lots 400'.split(' '),
          ...['--start', fields.subscribeStart, '--end', iso(now + 2 * HOUR)],
          ...['--allocation', fields.allocationAt],
          ...['--refund', fields.refundAt, '--listing', fields.listingAt],
        ],
        cli,
      );
    try {
      await expect(create('KPDTR')).rejects.toThrow(
        'KPDTR is already listed: it cannot go public in an IPO. [IPO_SYMBOL_LISTED]',
      );
      await expect(create('GAPEN')).rejects.toThrow(
        `GAPEN already has an offering under way (no. ${id}): a second one cannot be made beside it. [IPO_SYMBOL_OFFERED]`,
      );
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
    expect(((await op('ipos', { limit: '500' })).data as unknown[]).length).toBe(before);

    const audit = await t.world.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(10);
    expect(audit.map((a) => [a.action, a.target, a.result])).toEqual(
      expect.arrayContaining([
        ['ipo.create', 'stock:GAPEN', 'error:IPO_WINDOW_ORDER'],
        ['ipo.create', 'stock:GAPEN', 'error:IPO_SYMBOL_OFFERED'],
        ['ipo.create', 'stock:MRYEN', 'error:IPO_SYMBOL_OFFERED'],
        ['ipo.create', 'stock:KPDTR', 'error:IPO_SYMBOL_LISTED'],
        ['ipo.create', 'stock:THYAO', 'error:IPO_SYMBOL_LISTED'],
        ['ipo.create', `stock:${SYMBOL}`, 'error:FIELD_INVALID'],
      ]),
    );
    expect(
      await t.world.db.select().from(operatorAudit).where(eq(operatorAudit.action, 'ipo.create')),
    ).toEqual(expect.arrayContaining([expect.objectContaining({ target: 'stock:GAPEN', result: 'ok' })]));
  });

  it('advances an IPO step by step to its listing, each step done by the next pass, audited', async () => {
    // On the broker's clock, which the operator's actions read too: a Monday noon in Istanbul, so
    // the planned listing (01:00 on Tuesday) and the listing brought forward to Monday fall in
    // different sessions and the lock's move is seen whatever the hour the test runs.
    const now = MONDAY_NOON;
    t.world.clock.set(now);
    const id = await newIpo(
      t.world,
      draft(now - HOUR, {
        subscribeEnd: now + 10 * HOUR,
        allocationAt: now + 11 * HOUR,
        refundAt: now + 12 * HOUR,
        listingAt: now + 13 * HOUR,
      }),
    );
    const u = await investor(t.world.db, '1000');
    expect(
      (await t.call.post('/stock/order/new/apply', u.token, { id, lots: '12', tradePassword: PIN })).code,
    ).toBe(0);
    // Each step a minute after the last, the pass run at it.
    const tick = () => t.world.clock.set(t.world.clock.now() + MINUTE);
    const pass = async () => runIpoPass(t.world.db, t.world.clock.now());
    const mine = async () =>
      (await t.call.get<Page<IpoApplication>>('/stock/order/new/list', u.token)).data.list[0];

    // Allocation: the open window is closed and allocation dated now; refund and listing stay.
    tick();
    const first = await op('ipo-advance', { id });
    expect(first).toMatchObject({ code: 0 });
    const allocation = first.data as Advanced;
    expect(allocation).toMatchObject({
      step: 'allocation',
      allocationAt: iso(now + MINUTE),
      closedAt: iso(now + MINUTE),
      refundAt: iso(now + 12 * HOUR),
      listingAt: iso(now + 13 * HOUR),
    });
    expect(await pass()).toMatchObject({ allocated: 1, refunded: 0, listed: 0 });
    expect(await mine()).toMatchObject({ status: 'won', allottedLots: '10', refunded: '0' });

    // Refund: the part of the hold the allotment did not take comes back on the next pass.
    tick();
    const second = (await op('ipo-advance', { id })).data as Advanced;
    expect(second).toMatchObject({ step: 'refund', listingAt: iso(now + 13 * HOUR) });
    expect(await pass()).toMatchObject({ refunded: 1, listed: 0 });
    expect(await mine()).toMatchObject({ status: 'won', refunded: '40.04' });
    await expectCleanLedger(t.world.db);

    // Listing: the shares arrive T+1 locked, and the stock takes orders from now.
    tick();
    const third = (await op('ipo-advance', { id, to: 'listing' })).data as Advanced;
    expect(third.step).toBe('listing');
    expect(await pass()).toMatchObject({ listed: 1 });
    const hold = await t.call.get<{ list: Holding[] }>('/stock/hold/list', u.token);
    const shares = hold.data.list.find((h) => h.symbol === SYMBOL);
    expect(shares).toMatchObject({ quantity: '10', locked: '10', sellable: '0', cost: '200.21' });
    // Delivered at allocation, locked to the session after the planned listing (Wednesday's):
    // the listing brought forward to Monday brings the lock with it, to Tuesday's opening, and
    // the stock no longer says it lists later.
    expect(nextTradingDayOpen(now + 13 * HOUR)).toBe(TUESDAY_OPEN + DAY);
    expect(shares!.unlockAt).toBe(TUESDAY_OPEN);
    expect(shares!.listingAt).toBeUndefined();
    await expectCleanLedger(t.world.db);

    expect((await op('ipo-advance', { id })).key).toBe('IPO_ADVANCE_DONE');
    expect((await op('ipo-advance', { id: '999999' })).key).toBe('IPO_NOT_FOUND');
    // A step the command does not know is a bad input, refused before anything is done.
    expect((await op('ipo-advance', { id, to: 'payment' })).key).toMatch(/^FIELD_/);
    const audit = await t.world.db
      .select()
      .from(operatorAudit)
      .where(eq(operatorAudit.target, `ipo:${id}`))
      .orderBy(desc(operatorAudit.id));
    expect(audit.map((a) => [a.action, a.result])).toEqual([
      ['ipo.advance', 'error:IPO_ADVANCE_DONE'],
      ['ipo.advance', 'ok'],
      ['ipo.advance', 'ok'],
      ['ipo.advance', 'ok'],
    ]);
  });

  it('advances everything to listing in one call, and a pass does it all', async () => {
    const now = Date.now();
    t.world.clock.set(now);
    const id = await newIpo(
      t.world,
      // The step-by-step test listed SYMBOL: a listed symbol is not offered again.
      draft(now - 3 * HOUR, {
        symbol: OTHER_SYMBOL,
        subscribeEnd: now - HOUR,
        allocationAt: now + HOUR,
        refundAt: now + 2 * HOUR,
        listingAt: now + 3 * HOUR,
      }),
    );
    const moved = (await op('ipo-advance', { id, to: 'listing' })).data as Advanced;
    // The window had closed on its own: nothing to close.
    expect(moved.closedAt).toBeNull();
    expect(moved.allocationAt).toBe(moved.listingAt);
    expect(moved.refundAt).toBe(moved.listingAt);
    expect((await op('ipos')).data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, status: 'listed' })]),
    );
  });
});
