import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BankCard,
  Deposit,
  RechargeStatus,
  Withdrawal,
  WithdrawStatus,
} from '../../domain/protocol/funding';
import { settings } from '../../server/db/schema/system';
import { userBalances } from '../../server/ledger/balances';
import { fundDemoStart } from '../../server/ledger/demo';
import { DEFAULT_SETTINGS } from '../../server/settings';
import { dbTargets } from '../support/server';
import { gif, png } from './kyc-support';
import {
  EN,
  IBAN2,
  NAME,
  PIN,
  TR,
  fundingWorld,
  ok,
  refused,
  type Envelope,
  type Funded,
  type FundingWorld,
} from './funding-support';

/** Valid Turkish IBANs besides IBAN2 (check digits by ISO 13616, computed outside the code). */
const MORE_IBANS = [
  'TR330006100519786457841326',
  'TR950006400000001234567890',
  'TR420004600012345678901234',
  'TR450099900000000000000001',
  'TR820006400000000000000042',
];

describe.each(dbTargets())('funding refusals on %s', (target) => {
  let w: FundingWorld;
  let me: Funded;
  let other: Funded;
  let myCard: BankCard;
  beforeAll(async () => {
    // Open by the setting, not the sandbox switch, so one test can close the hours.
    w = await fundingWorld(target, { funding: { alwaysOpen: false } });
    await setHours(true);
    me = await w.user();
    other = await w.user();
    myCard = ok<BankCard>(await w.post('/bank/add', me.real, { accountNumber: IBAN2, holderName: NAME }));
    await w.fund(me, 'stock', 'TRY', '1000');
  });
  afterAll(async () => {
    if (w) await w.clean();
    await w?.close();
  });

  async function setHours(alwaysOpen: boolean) {
    const funding = DEFAULT_SETTINGS.funding;
    await w.db
      .update(settings)
      .set({ value: { ...funding, hours: { ...funding.hours, alwaysOpen } } })
      .where(eq(settings.key, 'funding'));
  }

  /** A refusal with its key, and nothing changed: balances, rows, ledger. */
  async function unchanged(u: Funded, call: () => Promise<Envelope>, key: string) {
    const before = await w.snapshot(u);
    refused(await call(), key);
    expect(await w.snapshot(u)).toEqual(before);
  }

  it('refuses bad cards', async () => {
    const add =
      (fields: Record<string, string>, token = me.real) =>
      () =>
        w.post('/bank/add', token, fields);
    await unchanged(me, add({ accountNumber: 'TR12 3456', holderName: NAME }), 'IBAN_FORMAT');
    await unchanged(
      me,
      add({ accountNumber: 'TR100006200000006297629124', holderName: NAME }),
      'IBAN_CHECKSUM',
    );
    await unchanged(
      me,
      add({ accountNumber: MORE_IBANS[0] ?? '', holderName: 'Mehmet Demir' }),
      'HOLDER_NAME_MISMATCH',
    );
    await unchanged(me, add({ accountNumber: IBAN2.toLowerCase(), holderName: NAME }), 'BANK_CARD_EXISTS');
    await unchanged(me, add({ accountNumber: IBAN2, holderName: NAME }, me.demo), 'DEMO_NOT_ALLOWED');
    await unchanged(
      me,
      add({ country: 'IN', accountNumber: '1234567890', holderName: NAME }),
      'FIELD_REQUIRED',
    );
    const noKyc = await w.user({ kyc: false });
    await unchanged(noKyc, add({ accountNumber: IBAN2, holderName: NAME }, noKyc.real), 'KYC_REQUIRED');
    // The mismatch names the verified holder, in the caller's language.
    const tr = await w.post(
      '/bank/add',
      me.real,
      { accountNumber: MORE_IBANS[0] ?? '', holderName: 'X' },
      TR,
    );
    const en = await w.post(
      '/bank/add',
      me.real,
      { accountNumber: MORE_IBANS[0] ?? '', holderName: 'X' },
      EN,
    );
    expect(tr.msg).toContain(NAME);
    expect(en.msg).toContain(NAME);
    expect(tr.msg).not.toBe(en.msg);
  });

  it('stops at the card limit', async () => {
    const u = await w.user();
    for (const iban of MORE_IBANS)
      ok(await w.post('/bank/add', u.real, { accountNumber: iban, holderName: NAME }));
    await unchanged(
      u,
      () => w.post('/bank/add', u.real, { accountNumber: IBAN2, holderName: NAME }),
      'BANK_CARD_LIMIT',
    );
  });

  it('refuses bad deposits', async () => {
    const add =
      (fields: Record<string, string>, token = me.real) =>
      () =>
        w.post('/user/recharge/add', token, { channelId: 'ziraat', ...fields });
    await unchanged(me, add({ amount: '99.99' }), 'AMOUNT_BELOW_MINIMUM');
    await unchanged(me, add({ amount: '1000000.01' }), 'AMOUNT_ABOVE_MAXIMUM');
    await unchanged(me, add({ amount: '100.001' }), 'AMOUNT_PRECISION');
    // The limits in the caller's notation and with their currency, not a bare "100".
    const call = (amount: string, headers: typeof TR) =>
      w.post('/user/recharge/add', me.real, { channelId: 'ziraat', amount }, headers);
    expect((await call('99.99', TR)).msg).toBe('En düşük tutar 100 TRY.');
    expect((await call('99.99', EN)).msg).toBe('The minimum amount is 100 TRY.');
    expect((await call('1000000.01', TR)).msg).toBe('En yüksek tutar 1.000.000 TRY.');
    await unchanged(me, add({ amount: '100', channelId: 'nowhere' }), 'CHANNEL_NOT_FOUND');
    await unchanged(me, add({ amount: '100', method: 'offline' }), 'RECEIPT_REQUIRED');
    await unchanged(me, add({ amount: '100' }, me.demo), 'DEMO_NOT_ALLOWED');
    const status = ok<RechargeStatus>(await w.get('/user/recharge/status', me.demo));
    expect(status.blocks).toEqual(['DEMO_NOT_ALLOWED']);
  });

  async function offline(receipt: Buffer, name: string): Promise<Envelope> {
    const form = new FormData();
    form.set('channelId', 'garanti');
    form.set('amount', '150');
    form.set('method', 'offline');
    form.set('receipt', new Blob([new Uint8Array(receipt)]), name);
    const res = await fetch(w.server.api('/user/recharge/add'), {
      method: 'POST',
      headers: { accesstoken: me.real, ...EN },
      body: form,
    });
    return (await res.json()) as Envelope;
  }

  it('takes an offline deposit with a real image receipt only', async () => {
    await unchanged(me, () => offline(gif(), 'r.gif'), 'IMAGE_TYPE');
    const dep = ok<Deposit>(await offline(png(), 'r.png'));
    expect(dep).toMatchObject({ kind: 'offline', status: 'pending', hasReceipt: true, amount: '150' });
    // Staff see the receipt before deciding.
    const seen = ok<{ mime: string; base64: string }>(await w.op('deposit-receipt', { id: dep.id }));
    expect(seen).toEqual({ id: dep.id, mime: 'image/png', base64: png().toString('base64') });
  });

  it('refuses bad withdrawals', async () => {
    const add =
      (fields: Record<string, string>, token = me.real) =>
      () =>
        w.post('/user/withdraw/add', token, {
          cardId: myCard.id,
          amount: '200',
          withdrawPassword: PIN,
          ...fields,
        });
    await unchanged(me, add({ amount: '99' }), 'AMOUNT_BELOW_MINIMUM');
    await unchanged(me, add({ amount: '500000.01' }), 'AMOUNT_ABOVE_MAXIMUM');
    await unchanged(me, add({ amount: '1000.01' }), 'INSUFFICIENT_BALANCE');
    await unchanged(me, add({ withdrawPassword: '000000' }), 'WITHDRAW_PASSWORD_INCORRECT');
    await unchanged(me, add({}, me.demo), 'DEMO_NOT_ALLOWED');
    const otherCard = ok<BankCard>(
      await w.post('/bank/add', other.real, { accountNumber: IBAN2, holderName: NAME }),
    );
    await unchanged(me, add({ cardId: otherCard.id }), 'BANK_CARD_NOT_FOUND');
    const noPin = await w.user({ pin: false });
    await unchanged(noPin, add({}, noPin.real), 'WITHDRAW_PASSWORD_NOT_SET');
    const noKyc = await w.user({ kyc: false });
    await unchanged(noKyc, add({}, noKyc.real), 'KYC_REQUIRED');
    const status = ok<WithdrawStatus>(await w.get('/user/withdraw/status', noPin.real));
    expect(status.blocks).toEqual(['WITHDRAW_PASSWORD_NOT_SET', 'BANK_CARD_REQUIRED']);
    // The right PIN still works after a wrong one.
    ok(await add({})());
  });

  it('answers the withdraw status for the session’s own account: demo shows the demo wallet, blocked', async () => {
    const u = await w.user();
    await w.fund(u, 'stock', 'TRY', '56032.17');
    await fundDemoStart(w.db, u.id);
    const demoTry = (await userBalances(w.db, u.id, 'demo')).find(
      (b) => b.wallet === 'stock' && b.currency === 'TRY',
    )?.available;
    expect(demoTry).not.toBe('56032.17');
    const real = ok<WithdrawStatus>(await w.get('/user/withdraw/status', u.real));
    expect(real.available).toBe('56032.17');
    expect(real.blocks).not.toContain('DEMO_NOT_ALLOWED');
    const demo = ok<WithdrawStatus>(await w.get('/user/withdraw/status', u.demo));
    expect(demo.available).toBe(demoTry);
    expect(demo.blocks).toContain('DEMO_NOT_ALLOWED');
  });

  it('never shows or touches another user’s cards and records', async () => {
    const theirs = ok<BankCard>(await w.get('/bank/list', other.real)).valueOf() as { list: BankCard[] };
    const theirCard = theirs.list[0]?.id ?? '';
    await w.fund(other, 'stock', 'TRY', '500');
    const dep = ok<Deposit>(
      await w.post('/user/recharge/add', other.real, { channelId: 'ziraat', amount: '100' }),
    );
    const wd = ok<Withdrawal>(
      await w.post('/user/withdraw/add', other.real, {
        cardId: theirCard,
        amount: '100',
        withdrawPassword: PIN,
      }),
    );
    await unchanged(other, () => w.get('/bank/info', me.real, { id: theirCard }), 'BANK_CARD_NOT_FOUND');
    await unchanged(other, () => w.post('/bank/del', me.real, { id: theirCard }), 'BANK_CARD_NOT_FOUND');
    await unchanged(other, () => w.get('/user/recharge/order', me.real, { id: dep.id }), 'DEPOSIT_NOT_FOUND');
    await unchanged(
      other,
      () => w.get('/user/withdraw/order', me.real, { id: wd.id }),
      'WITHDRAWAL_NOT_FOUND',
    );
    await unchanged(
      other,
      () => w.post('/user/withdraw/cancel', me.real, { id: wd.id }),
      'WITHDRAWAL_NOT_FOUND',
    );
    expect(ok<BankCard>(await w.get('/bank/info', other.real, { id: theirCard })).accountNumber).toBe(IBAN2);
  });

  it('says so before the form and refuses deposits and withdrawals outside the hours', async () => {
    // Saturday noon in Istanbul; the default hours are weekdays 09:00–17:00.
    w.clock.t = Date.parse('2026-11-28T09:00:00Z');
    await setHours(false);
    const u = await w.user();
    const card = ok<BankCard>(await w.post('/bank/add', u.real, { accountNumber: IBAN2, holderName: NAME }));
    await w.fund(u, 'stock', 'TRY', '1000');
    const status = ok<RechargeStatus>(await w.get('/user/recharge/status', u.real));
    expect(status.blocks).toEqual(['FUNDING_CLOSED']);
    expect(status.hours).toMatchObject({ open: false, nextOpen: Date.parse('2026-11-30T06:00:00Z') });
    const before = await w.snapshot(u);
    refused(
      await w.post('/user/recharge/add', u.real, { channelId: 'ziraat', amount: '500' }),
      'FUNDING_CLOSED',
    );
    refused(
      await w.post('/user/withdraw/add', u.real, { cardId: card.id, amount: '500', withdrawPassword: PIN }),
      'FUNDING_CLOSED',
    );
    expect(await w.snapshot(u)).toEqual(before);
    // Monday 09:00 Istanbul: open.
    w.clock.t = Date.parse('2026-11-30T06:00:00Z');
    ok(await w.post('/user/recharge/add', u.real, { channelId: 'ziraat', amount: '500' }));
    w.clock.t = Date.now();
    await setHours(true);
  });
});
