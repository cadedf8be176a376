import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sharedWorld } from '../support/shared-world';
import type { Block } from '../../domain/protocol/bulk';
import { operatorAudit } from '../../server/db/schema/system';
import { parseCommand } from '../../server/operator/cli-commands';
import { dbTargets } from '../support/server';
import { PIN, investor, ipoWorld, operatorCall } from './ipo-support';
import { api, expectCleanLedger } from './spot-support';

describe('block CLI words', () => {
  it('become operator calls', () => {
    expect(
      parseCommand([
        'block',
        'create',
        'thyao',
        '--discount',
        '0.05',
        '--lots',
        '100',
        '--max',
        '20',
        '--vip',
      ]),
    ).toMatchObject({
      path: 'block-create',
      fields: { symbol: 'THYAO', discount: '0.05', lotsOffered: '100', maxLots: '20', vipOnly: 'true' },
    });
    expect(parseCommand(['block', 'close', '7'])).toMatchObject({ path: 'block-close', fields: { id: '7' } });
    expect(parseCommand(['block', 'orders', '7', '--limit', '5'])).toMatchObject({
      path: 'block-orders',
      fields: { id: '7', limit: '5' },
    });
    expect(parseCommand(['blocks'])).toMatchObject({ path: 'blocks' });
    expect(parseCommand(['block', 'close'])).toEqual({ error: 'missing <blockId>' });
    expect(parseCommand(['block', 'sell', '1'])).toEqual({ error: 'unknown command: block sell' });
  });
});

describe.each(dbTargets())('block operator commands on %s', (target) => {
  const t = sharedWorld(
    () => ipoWorld(target),
    (world) => {
      const call = api(world as never);
      return { call };
    },
  );
  const op = (path: string, fields: Record<string, string> = {}) => operatorCall(t.world, path, fields);

  it('creates a block, lists it and its orders, and closes it early, each audited', async () => {
    // The operator acts on the wall clock.
    t.world.clock.set(Date.now());
    const created = await op('block-create', {
      symbol: 'THYAO',
      discount: '0.05',
      lotsOffered: '100',
      minLots: '1',
      maxLots: '20',
      days: '2',
      lockupDays: '10',
    });
    expect(created.code, JSON.stringify(created)).toBe(0);
    const id = (created.data as { id: string }).id;
    expect(
      (await op('block-create', { symbol: 'THYAO', discount: '1.5', lotsOffered: '1', maxLots: '1' })).key,
    ).toBe('BLOCK_DISCOUNT_INVALID');
    const u = await investor(t.world.db, '1000');
    t.world.clock.set(Date.now());
    const bought = await t.call.post('/stock/bulk/apply', u.token, {
      id,
      lots: '3',
      price: '95',
      tradePassword: PIN,
    });
    expect(bought.code, JSON.stringify(bought)).toBe(0);

    const blocks = (await op('blocks')).data as { id: string; status: string; lotsSold: string }[];
    expect(blocks.find((b) => b.id === id)).toMatchObject({ status: 'open', lotsSold: '3' });
    // The default stock costs: 285 × 0.15 % = 0.4275 → 0.43, BSMV 0.02, exchange fee 0.00855 → 0.01.
    expect((await op('block-orders', { id })).data).toMatchObject([
      { userId: String(u.userId), lots: '3', price: '95', total: '285.46' },
    ]);
    expect((await op('block-close', { id })).code).toBe(0);
    expect((await op('block-close', { id })).key).toBe('BLOCK_NOT_OPEN');
    t.world.clock.set(Date.now());
    expect((await t.call.post<Block>('/stock/bulk/info', '', { id })).data.status).toBe('closed');
    const late = await t.call.post('/stock/bulk/apply', u.token, {
      id,
      lots: '3',
      price: '95',
      tradePassword: PIN,
    });
    expect(late.key).toBe('BLOCK_NOT_OPEN');
    expect((await op('block-orders', { id: '999999' })).key).toBe('BLOCK_NOT_FOUND');
    await expectCleanLedger(t.world.db);

    const audit = await t.world.db.select().from(operatorAudit).orderBy(desc(operatorAudit.id)).limit(10);
    expect(audit.map((a) => [a.action, a.target])).toEqual(
      expect.arrayContaining([
        ['block.create', 'stock:THYAO'],
        ['block.list', null],
        ['block.orders', `block:${id}`],
        ['block.close', `block:${id}`],
      ]),
    );
  });
});
