import { describe, expect, it } from 'vitest';
import { dbTargets } from '../support/server';
import { blockDraft, DAY, newBlock, untouchedByBlock } from './bulk-support';
import { HOUR, PIN, investor, sharedIpoWorld } from './ipo-support';
import { expectCleanLedger, MONDAY_NOON, type Lang } from './spot-support';

describe.each(dbTargets())('block trade refusals on %s', (target) => {
  const t = sharedIpoWorld(target);

  it('refuses bad purchases with localized errors and changes nothing', async () => {
    t.world.clock.set(MONDAY_NOON);
    const open = await newBlock(t.world, blockDraft(MONDAY_NOON - HOUR, { costs: null }));
    const upcoming = await newBlock(t.world, blockDraft(MONDAY_NOON + HOUR));
    const ended = await newBlock(t.world, blockDraft(MONDAY_NOON - 2 * DAY));
    const vip = await newBlock(t.world, blockDraft(MONDAY_NOON - HOUR, { vipOnly: true }));
    const rich = await investor(t.world.db, '10000');
    const poor = await investor(t.world.db, '500');
    const noPin = await investor(t.world.db, '10000', null);
    // 15 of the 20 lots one buyer may take, bought: 5 more is the most.
    const first = await t.call.post('/stock/bulk/apply', rich.token, {
      id: open,
      lots: '15',
      price: '95',
      tradePassword: PIN,
    });
    expect(first.code).toBe(0);

    type Case = [
      string,
      { token: string; userId: bigint },
      Record<string, string>,
      Lang,
      string,
      string | null,
    ];
    const cases: Case[] = [
      ['upcoming', rich, { id: upcoming }, 'en-US', 'BLOCK_NOT_OPEN', 'This block trade is not open now.'],
      ['ended', rich, { id: ended }, 'tr-TR', 'BLOCK_NOT_OPEN', 'Bu toptan satış şu anda açık değil.'],
      ['vip only', rich, { id: vip }, 'en-US', 'BLOCK_VIP_ONLY', 'This block trade is for VIP members only.'],
      [
        'vip only',
        rich,
        { id: vip },
        'tr-TR',
        'BLOCK_VIP_ONLY',
        'Bu toptan satış yalnızca VIP üyelere açık.',
      ],
      [
        'over max, twice',
        rich,
        { lots: '6' },
        'en-US',
        'BLOCK_LOTS_ABOVE_MAXIMUM',
        'You can buy at most 5 lots.',
      ],
      ['below min', poor, { lots: '4' }, 'en-US', 'BLOCK_LOTS_BELOW_MINIMUM', 'Buy at least 5 lots.'],
      ['below min', poor, { lots: '4' }, 'tr-TR', 'BLOCK_LOTS_BELOW_MINIMUM', 'En az 5 lot alın.'],
      [
        'above remaining',
        poor,
        { lots: '16' },
        'en-US',
        'BLOCK_LOTS_ABOVE_REMAINING',
        'Only 15 lots are left in this block.',
      ],
      [
        'insufficient',
        poor,
        { lots: '6' },
        'en-US',
        'BLOCK_INSUFFICIENT_BALANCE',
        'Account insufficient for this block trade: 500 available, 570 needed.',
      ],
      ['zero', poor, { lots: '0' }, 'en-US', 'ORDER_AMOUNT_ZERO', null],
      ['not whole', poor, { lots: '5.5' }, 'en-US', 'FIELD_INVALID', null],
      ['wrong password', rich, { tradePassword: '135791' }, 'en-US', 'TRADE_PASSWORD_INCORRECT', null],
      ['no password sent', rich, { tradePassword: '' }, 'en-US', 'TRADE_PASSWORD_REQUIRED', null],
      ['password not set', noPin, { tradePassword: '' }, 'en-US', 'TRADE_PASSWORD_NOT_SET', null],
      [
        'price moved',
        rich,
        { price: '94.5' },
        'en-US',
        'BLOCK_PRICE_CHANGED',
        'The block price changed with the reference price (95 now); check it and try again.',
      ],
      ['unknown block', rich, { id: '999999' }, 'tr-TR', 'BLOCK_NOT_FOUND', 'Toptan satış bulunamadı.'],
      // A price that is not a number was answered "the price changed", or a short balance first.
      ['price not a number', poor, { price: 'abc' }, 'en-US', 'NUMBER_FORMAT', null],
      ['price missing', rich, { price: '' }, 'en-US', 'FIELD_REQUIRED', null],
      ['price below zero', poor, { price: '-95' }, 'en-US', 'NUMBER_FORMAT', null],
    ];
    for (const [name, who, fields, lang, key, msg] of cases) {
      const before = await untouchedByBlock(t.world.db, who.userId);
      const res = await t.call.post(
        '/stock/bulk/apply',
        who.token,
        { id: open, lots: '5', price: '95', tradePassword: PIN, ...fields },
        lang,
      );
      expect([name, res.code, res.key], JSON.stringify(res)).toEqual([name, -1001, key]);
      if (msg) expect(res.msg).toBe(msg);
      else expect(res.msg.length).toBeGreaterThan(0);
      expect(await untouchedByBlock(t.world.db, who.userId), name).toEqual(before);
    }
    await expectCleanLedger(t.world.db);
  });

  it('lets demo accounts practise with virtual money, never touching the real account', async () => {
    t.world.clock.set(MONDAY_NOON);
    const id = await newBlock(t.world, blockDraft(MONDAY_NOON - HOUR, { costs: null }));
    const u = await investor(t.world.db, '0');
    const before = await untouchedByBlock(t.world.db, u.userId);
    // The real account has nothing; the demo account's virtual money pays.
    const real = await t.call.post('/stock/bulk/apply', u.token, {
      id,
      lots: '5',
      price: '95',
      tradePassword: PIN,
    });
    expect(real.key).toBe('BLOCK_INSUFFICIENT_BALANCE');
    const demo = await t.call.post('/stock/bulk/apply', u.demo, {
      id,
      lots: '5',
      price: '95',
      tradePassword: PIN,
    });
    expect(demo.code, JSON.stringify(demo)).toBe(0);
    const after = await untouchedByBlock(t.world.db, u.userId);
    expect(after.real).toEqual(before.real);
    expect(after.demo).not.toEqual(before.demo);
    await expectCleanLedger(t.world.db);
  });
});
