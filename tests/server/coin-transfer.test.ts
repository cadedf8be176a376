import { describe, expect, it } from 'vitest';
import { dbTargets } from '../support/server';
import {
  TRADE_PIN,
  traderWithPin,
  walletsOf,
  EN,
  ok,
  TR,
  type Trader,
  sharedContractWorld,
} from './contract-support';

const PIN = TRADE_PIN;

type Answer = {
  transactionId: string;
  from: string;
  to: string;
  amount: string;
  coinAvailable: string;
  contractAvailable: string;
};

describe.each(dbTargets())('coin ↔ contract transfer on %s', (target) => {
  const t = sharedContractWorld(target);

  const withPin = (contract?: string, coin?: string): Promise<Trader> =>
    traderWithPin(t.world, contract, coin);
  const balances = (token: string) => walletsOf(t.world, token);

  it('moves USDT both ways, ledgered, and answers both balances', async () => {
    const user = await withPin();
    const there = ok<Answer>(
      await t.world.call('/coin/transfer', user.real, {
        from: 'coin',
        to: 'contract',
        amount: '120.5',
        tradePassword: PIN,
      }),
    );
    expect(there).toMatchObject({
      from: 'coin',
      to: 'contract',
      amount: '120.5',
      coinAvailable: '379.5',
      contractAvailable: '120.5',
    });
    const back = ok<Answer>(
      await t.world.call('/coin/transfer', user.real, {
        from: 'contract',
        to: 'coin',
        amount: '20.5',
        tradePassword: PIN,
      }),
    );
    expect(back).toMatchObject({ coinAvailable: '400', contractAvailable: '100' });
    expect(await balances(user.real)).toEqual({ coin: '400', contract: '100' });
    // The whole available balance may go.
    ok(
      await t.world.call('/coin/transfer', user.real, {
        from: 'contract',
        to: 'coin',
        amount: '100',
        tradePassword: PIN,
      }),
    );
    expect(await balances(user.real)).toEqual({ coin: '500', contract: '0' });
  });

  it('moves the demo account’s money only with a demo token', async () => {
    const user = await withPin();
    ok(
      await t.world.call('/coin/transfer', user.demo, {
        from: 'coin',
        to: 'contract',
        amount: '1000',
        tradePassword: PIN,
      }),
    );
    expect(await balances(user.demo)).toEqual({ coin: '9000', contract: '1000' });
    expect(await balances(user.real)).toEqual({ coin: '500', contract: '0' });
  });

  const cases: [string, Record<string, string>, string, string, string][] = [
    [
      'no amount',
      { from: 'coin', to: 'contract' },
      'FIELD_REQUIRED',
      'Amount is required.',
      'Tutar alanı zorunludur.',
    ],
    [
      'zero amount',
      { from: 'coin', to: 'contract', amount: '0' },
      'AMOUNT_NOT_POSITIVE',
      'The amount must be greater than 0.',
      "Tutar 0'dan büyük olmalıdır.",
    ],
    [
      'negative amount',
      { from: 'coin', to: 'contract', amount: '-1' },
      'AMOUNT_NOT_POSITIVE',
      'The amount must be greater than 0.',
      "Tutar 0'dan büyük olmalıdır.",
    ],
    [
      'an amount past 8 decimals',
      { from: 'coin', to: 'contract', amount: '1.000000001' },
      'AMOUNT_PRECISION',
      'At most 8 decimal places.',
      'En fazla 8 ondalık basamak.',
    ],
    [
      'amount with a comma',
      { from: 'coin', to: 'contract', amount: '1,5' },
      'NUMBER_FORMAT',
      'Amount must be a number with a dot as the decimal separator and no grouping (e.g. 1234.56).',
      'Tutar bir sayı olmalıdır; ondalık ayırıcı olarak nokta kullanın, binlik ayırıcı kullanmayın (ör. 1234.56).',
    ],
    [
      'a space-padded amount (the wire takes only canonical decimals)',
      { from: 'coin', to: 'contract', amount: '  1  ' },
      'NUMBER_FORMAT',
      'Amount must be a number with a dot as the decimal separator and no grouping (e.g. 1234.56).',
      'Tutar bir sayı olmalıdır; ondalık ayırıcı olarak nokta kullanın, binlik ayırıcı kullanmayın (ör. 1234.56).',
    ],
    [
      'a tab-padded amount',
      { from: 'coin', to: 'contract', amount: '1\t' },
      'NUMBER_FORMAT',
      'Amount must be a number with a dot as the decimal separator and no grouping (e.g. 1234.56).',
      'Tutar bir sayı olmalıdır; ondalık ayırıcı olarak nokta kullanın, binlik ayırıcı kullanmayın (ör. 1234.56).',
    ],
    [
      'more than available',
      { from: 'coin', to: 'contract', amount: '500.01' },
      'INSUFFICIENT_BALANCE',
      'Insufficient balance.',
      'Yetersiz bakiye.',
    ],
    [
      'from an empty contract wallet',
      { from: 'contract', to: 'coin', amount: '1' },
      'INSUFFICIENT_BALANCE',
      'Insufficient balance.',
      'Yetersiz bakiye.',
    ],
    [
      'the same account',
      { from: 'coin', to: 'coin', amount: '1' },
      'TRANSFER_SAME_WALLET',
      'Choose two different accounts.',
      'İki farklı hesap seçin.',
    ],
    [
      'an unknown account',
      { from: 'stock', to: 'contract', amount: '1' },
      'FIELD_INVALID',
      'From account has an invalid value.',
      'Gönderen hesap alanının değeri geçersiz.',
    ],
    [
      'another currency',
      { from: 'coin', to: 'contract', amount: '1', currency: 'BTC' },
      'FIELD_INVALID',
      'Currency has an invalid value.',
      'Para birimi alanının değeri geçersiz.',
    ],
    [
      'no trade password',
      { from: 'coin', to: 'contract', amount: '1', tradePassword: '' },
      'TRADE_PASSWORD_REQUIRED',
      'Please enter your transaction password to confirm.',
      'Onaylamak için işlem şifrenizi girin.',
    ],
    [
      'a wrong trade password',
      { from: 'coin', to: 'contract', amount: '1', tradePassword: '135790' },
      'TRADE_PASSWORD_INCORRECT',
      // Asked in English, then in Turkish: two tries counted of five.
      'Incorrect transaction password. 4 tries left.',
      'İşlem şifresi hatalı. 3 deneme hakkınız kaldı.',
    ],
  ];

  it.each(cases)('rejects %s and moves nothing', async (_what, fields, key, en, tr) => {
    const user = await withPin();
    const withPassword = 'tradePassword' in fields ? fields : { ...fields, tradePassword: PIN };
    const before = await t.world.counts();
    expect(await t.world.call('/coin/transfer', user.real, withPassword, EN)).toMatchObject({
      code: -1001,
      key,
      msg: en,
    });
    expect(await t.world.call('/coin/transfer', user.real, withPassword, TR)).toMatchObject({
      code: -1001,
      key,
      msg: tr,
    });
    expect((await t.world.counts()).tx).toBe(before.tx);
    expect(await balances(user.real)).toEqual({ coin: '500', contract: '0' });
  });

  it('asks to set a trade password first when there is none', async () => {
    const user = await t.world.trader('0', '500');
    expect(
      await t.world.call('/coin/transfer', user.real, { from: 'coin', to: 'contract', amount: '1' }),
    ).toMatchObject({
      key: 'TRADE_PASSWORD_NOT_SET',
      msg: 'Please set a transaction password first.',
    });
    expect(
      await t.world.call('/coin/transfer', undefined, { from: 'coin', to: 'contract', amount: '1' }),
    ).toMatchObject({ code: -1000 });
  });
});
