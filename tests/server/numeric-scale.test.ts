import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { icoOfferings } from '../../server/db/schema/ico';
import { ipoOfferings } from '../../server/db/schema/primary';
import { translate } from '../../server/i18n';
import { createIco, type IcoDraft } from '../../server/primary/ico/create';
import { createIpo } from '../../server/primary/ipo/create';
import { dbTargets } from '../support/server';
import { alertWorld, TR, type AlertWorld } from './alerts-support';
import { conditionalApi, conditionalStateOf } from './conditional-support';
import { icoDraft } from './ico-support';
import { draft as ipoDraft, HOUR } from './ipo-support';
import { spotWorld, stockBook, trader, type SpotWorld, type Trader } from './spot-support';

/** 1e-27 as the wire writes it: a canonical decimal that NUMERIC(38,18) would store as 0. */
const E27 = `0.${'0'.repeat(26)}1`;
const AT_MOST_18 = { en: 'At most 18 decimal places.', tr: 'En fazla 18 ondalık basamak.' };

describe.each(dbTargets())('alert thresholds at their column scale on %s', (target) => {
  let world: AlertWorld;
  let token: string;
  beforeAll(async () => {
    world = await alertWorld(target);
    ({ token } = await world.user());
  });
  afterAll(async () => world?.close());

  const add = (fields: Record<string, string>, headers?: Record<string, string>) =>
    world.call('/user/alert/add', token, fields, headers);
  const stored = async () => (await world.call('/user/alert/list', token)).data as { total: number };

  // 30 characters at most (the field's own limit), so 27 decimals fit only after a short integer part.
  it('refuses a threshold of 27 decimals with the allowed count, in an envelope (it was a 500)', async () => {
    for (const [kind, threshold] of [
      ['above', `31.${'5'.repeat(27)}`],
      ['below', `30.${'0'.repeat(26)}1`],
      ['above', E27],
      ['below', E27],
      ['move', `5.${'0'.repeat(26)}1`],
    ]) {
      const en = await add({ symbol: 'THYAO', kind: kind!, threshold: threshold!, period: '5' });
      expect([en.code, en.key, en.msg], `${kind} ${threshold}`).toEqual([
        -1001,
        'AMOUNT_PRECISION',
        AT_MOST_18.en,
      ]);
      const tr = await add({ symbol: 'THYAO', kind: kind!, threshold: threshold!, period: '5' }, TR);
      expect(tr.msg).toBe(AT_MOST_18.tr);
    }
    expect((await stored()).total).toBe(0);
  });

  it('never stores 1e-27 as a zero that can never fire; its exponent form is a format error', async () => {
    expect((await add({ symbol: 'THYAO', kind: 'below', threshold: E27 })).key).toBe('AMOUNT_PRECISION');
    expect((await add({ symbol: 'THYAO', kind: 'below', threshold: '1e-27' })).key).toBe('NUMBER_FORMAT');
    expect((await stored()).total).toBe(0);
  });

  it('keeps a threshold at the last decimal the column holds exactly as sent', async () => {
    const threshold = `312.${'0'.repeat(17)}1`;
    const answer = await add({ symbol: 'THYAO', kind: 'above', threshold });
    expect([answer.code, (answer.data as { threshold: string }).threshold]).toEqual([0, threshold]);
  });

  it('refuses more integer digits than the column holds, naming them', async () => {
    const answer = await add({ symbol: 'THYAO', kind: 'above', threshold: `1${'0'.repeat(20)}` });
    expect([answer.key, answer.msg]).toEqual([
      'NUMBER_OUT_OF_RANGE',
      'Level is too large: at most 20 digits before the decimal point.',
    ]);
  });
});

describe.each(dbTargets())(
  'a trailing stop’s trail and a sale’s terms at their column scale on %s',
  (target) => {
    let world: SpotWorld;
    let cond: ReturnType<typeof conditionalApi>;
    let me: Trader;
    beforeAll(async () => {
      world = await spotWorld(target);
      cond = conditionalApi(world);
      stockBook(world.source);
      me = await trader(world.db, { TRY: '1000', USDT: '0' });
    });
    afterAll(async () => world?.close());

    const trailing = { symbol: 'THYAO', side: 'sell', kind: 'trailing', quantity: '5', trailBy: 'percent' };

    it.each([
      ['percent', E27],
      ['amount', E27],
      ['percent', `1.${'0'.repeat(18)}1`],
    ])(
      'refuses a trail by %s of %s naming the 18 decimals allowed, and changes nothing',
      async (by, value) => {
        const before = await conditionalStateOf(world.db, me.userId);
        const en = await cond.add(me, { ...trailing, trailBy: by, trailValue: value });
        expect([en.code, en.key, en.msg]).toEqual([-1001, 'AMOUNT_PRECISION', AT_MOST_18.en]);
        expect((await cond.add(me, { ...trailing, trailBy: by, trailValue: value }, 'tr-TR')).msg).toBe(
          AT_MOST_18.tr,
        );
        expect(await conditionalStateOf(world.db, me.userId)).toEqual(before);
      },
    );

    it('refuses the exponent form as a number-format error', async () => {
      expect((await cond.add(me, { ...trailing, trailValue: '1e-27' })).key).toBe('NUMBER_FORMAT');
    });

    // The operator's sales: a figure its column cannot hold was stored rounded or failed the insert.
    it.each<[string, Partial<IcoDraft>, string]>([
      ['a token price of 19 decimals', { tokenPrice: `0.${'0'.repeat(18)}1` }, 'AMOUNT_PRECISION'],
      ['a minimum commitment of 21 digits', { minCommit: `1${'0'.repeat(20)}` }, 'NUMBER_OUT_OF_RANGE'],
      ['a maximum commitment of 21 digits', { maxCommit: `1${'0'.repeat(20)}` }, 'NUMBER_OUT_OF_RANGE'],
    ])('refuses a coin sale with %s, creating nothing', async (_, terms, key) => {
      const now = world.clock.now();
      const before = await world.db.$count(icoOfferings);
      await expect(createIco(world.db, icoDraft(now + HOUR, terms), now)).rejects.toMatchObject({ key });
      expect(await world.db.$count(icoOfferings)).toBe(before);
    });

    it('refuses an IPO priced past 20 integer digits, creating nothing', async () => {
      const now = world.clock.now();
      const ipo = ipoDraft(now + HOUR, { issuePrice: `1${'0'.repeat(20)}` });
      const before = await world.db.$count(ipoOfferings);
      await expect(createIpo(world.db, ipo, now)).rejects.toMatchObject({ key: 'NUMBER_OUT_OF_RANGE' });
      expect(await world.db.$count(ipoOfferings)).toBe(before);
    });
  },
);

describe('a message with a long figure', () => {
  it('shows every digit of 27 decimals, where Intl stops at 20', () => {
    expect(translate('en-US', 'ALERT_ALREADY_PAST', { threshold: E27 })).toContain(E27);
    expect(translate('tr-TR', 'ALERT_ALREADY_PAST', { threshold: E27 })).toContain(E27.replace('.', ','));
  });

  it('keeps a figure past what any formatter shows as sent, rather than failing', () => {
    const long = `1.${'3'.repeat(150)}`;
    expect(translate('en-US', 'ALERT_ALREADY_PAST', { threshold: long })).toContain(long);
  });
});
