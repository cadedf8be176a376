// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import { flushMarketData, setMarketDataApi } from '../../src/market/client';
import BankWithdrawScreen from '../../src/screens/funding/bank-withdraw-screen';
import TransferScreen from '../../src/screens/contract/transfer-screen';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { API, card, ok, page, renderAt, withdrawal, withdrawStatus } from './funding-fixtures';
import { profile } from './ipo-fixtures';
import { screenHooks } from '../support/screen-hooks';
import { typeInto } from '../support/type-keys';

/**
 * The first request reached the broker but its answer was lost; the form kept its
 * values with "could not be reached", and the retry tap made a second withdrawal / transfer.
 * A retry of the same values must resend the same requestId (the broker then answers the first
 * result); other values, or a new intent after a success, a new one.
 */
let lose = 0;
let assetReads = 0;
let statusReads = 0;
let fake: FakeMarketData;
let sent: Record<string, string>[] = [];
const answer = (body: Record<string, string>, data: unknown) => {
  sent.push(body);
  if (lose > 0) {
    lose -= 1;
    return HttpResponse.error();
  }
  return ok(data);
};
const server = setupServer(
  http.get(`${API}/user/withdraw/status`, () => {
    statusReads += 1;
    return ok(withdrawStatus());
  }),
  http.get(`${API}/bank/list`, () => ok(page([card('c1')]))),
  http.post(`${API}/user/withdraw/add`, async ({ request }) => {
    const body = Object.fromEntries(new URLSearchParams(await request.text()));
    return answer(body, withdrawal('88', { amount: body.amount ?? '0', fee: '5', receive: '95' }));
  }),
  http.post(`${API}/user/info`, () => ok(profile())),
  http.post(`${API}/coin/assets`, () => {
    assetReads += 1;
    return ok({
      coin: [{ currency: 'USDT', available: '1000', frozen: '0', total: '1000', valueUsdt: '1000' }],
      contract: { available: '500', frozen: '0', total: '500', unrealizedPnl: '0' },
      totalUsdt: '1500',
    });
  }),
  http.post(`${API}/coin/transfer`, async ({ request }) => {
    const body = Object.fromEntries(new URLSearchParams(await request.text()));
    return answer(body, {
      transactionId: '9',
      from: body.from,
      to: body.to,
      amount: body.amount,
      coinAvailable: '900',
      contractAvailable: '600',
    });
  }),
);

screenHooks(server, {
  reset: () => {
    // The transfer screen follows the private balances channel, which the market client carries.
    fake = new FakeMarketData();
    setMarketDataApi(fake);
    lose = 0;
    sent = [];
    setLanguage('tr-TR');
  },
});

const ID = /^[0-9a-f]{32}$/;

describe('a retry after a lost answer', () => {
  /** Types an amount (unless `amount` is null: the form's own), opens the sheet and confirms. */
  const withdraw = (amount: string | null) => {
    if (amount !== null) typeInto('withdraw-amount', amount);
    fireEvent.click(screen.getByTestId('withdraw-submit'));
    typeInto('withdraw-confirm-password', '135790');
    fireEvent.click(screen.getByTestId('withdraw-confirm-submit'));
  };
  const openBankWithdrawal = async () => {
    renderAt('/pages/withdraw/bankWithdraw', BankWithdrawScreen);
    await screen.findByTestId('withdraw-amount');
  };

  it('bank withdrawal: the same values resend the same requestId, another amount a new one', async () => {
    lose = 2;
    await openBankWithdrawal();
    withdraw('100');
    await screen.findByTestId('withdraw-confirm-error');
    // The sheet closed and opened again, the password typed again: still the same intent.
    fireEvent.click(screen.getByTestId('withdraw-confirm-cancel'));
    withdraw(null);
    await waitFor(() => expect(sent).toHaveLength(2));
    await screen.findByTestId('withdraw-confirm-error');
    expect(sent[0]?.requestId).toMatch(ID);
    expect(sent[1]).toEqual(sent[0]);

    fireEvent.click(screen.getByTestId('withdraw-confirm-cancel'));
    withdraw('150');
    await screen.findByTestId('withdraw-pending');
    expect(sent[2]).toMatchObject({ cardId: 'c1', amount: '150' });
    expect(sent[2]?.requestId).toMatch(ID);
    expect(sent[2]?.requestId).not.toBe(sent[0]?.requestId);
  });

  it('bank withdrawal: leaving the screen after a lost answer and coming back keeps the requestId', async () => {
    // The user left, came back and confirmed the same amount: a second withdrawal.
    lose = 1;
    await openBankWithdrawal();
    withdraw('100');
    await screen.findByTestId('withdraw-confirm-error');
    cleanup();

    await openBankWithdrawal();
    withdraw('100');
    await screen.findByTestId('withdraw-pending');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.requestId).toMatch(ID);
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
  });

  it('bank withdrawal: a balances event re-reads the terms and the available amount', async () => {
    await openBankWithdrawal();
    const before = statusReads;
    fake.push({ events: [{ ch: 'balances', data: {} }] });
    await act(async () => {
      await flushMarketData();
    });
    await waitFor(() => expect(statusReads).toBe(before + 1));
  });

  it('transfer: a lost answer re-reads the balances behind the form, which keeps what was typed', async () => {
    // The transfer may have gone through: the available amount shown must not be the old one.
    lose = 1;
    renderAt('/pages/exchange/cryptoTransfer', TransferScreen);
    await screen.findByTestId('transfer-amount');
    const before = assetReads;
    typeInto('transfer-amount', '100');
    typeInto('transfer-pin', '123456');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await screen.findByTestId('transfer-error');
    await waitFor(() => expect(assetReads).toBe(before + 1));
    expect(screen.getByTestId<HTMLInputElement>('transfer-amount').value).toBe('100');
  });

  it('transfer: a balances event re-reads the wallets behind the form', async () => {
    // The screen left while a transfer's answer was on its way and opened again showed
    // the balances from before it; the broker announces the move on the private channel.
    renderAt('/pages/exchange/cryptoTransfer', TransferScreen);
    await screen.findByTestId('transfer-amount');
    const before = assetReads;
    fake.push({ events: [{ ch: 'balances', data: {} }] });
    await act(async () => {
      await flushMarketData();
    });
    await waitFor(() => expect(assetReads).toBe(before + 1));
  });

  it('transfer: leaving the screen after a lost answer and coming back keeps the requestId', async () => {
    lose = 1;
    const confirm = async (amount: string) => {
      renderAt('/pages/exchange/cryptoTransfer', TransferScreen);
      await screen.findByTestId('transfer-amount');
      typeInto('transfer-amount', amount);
      typeInto('transfer-pin', '123456');
      fireEvent.click(screen.getByTestId('transfer-submit'));
    };
    await confirm('100');
    await screen.findByTestId('transfer-error');
    cleanup();
    // The same amount, typed otherwise.
    await confirm('100,00');
    await screen.findByTestId('transfer-done');
    expect(sent).toHaveLength(2);
    expect(sent[0]?.requestId).toMatch(ID);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('transfer: the same values resend the same requestId; after a success or with another amount, a new one', async () => {
    lose = 1;
    renderAt('/pages/exchange/cryptoTransfer', TransferScreen);
    await screen.findByTestId('transfer-amount');
    typeInto('transfer-amount', '100');
    typeInto('transfer-pin', '123456');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await screen.findByTestId('transfer-error');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[0]?.requestId).toMatch(ID);
    expect(sent[1]).toEqual(sent[0]);

    // Done: the same amount again is a second transfer the user asked for.
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('transfer-amount').value).toBe(''));
    typeInto('transfer-amount', '100');
    typeInto('transfer-pin', '123456');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]?.requestId).toMatch(ID);
    expect(sent[2]?.requestId).not.toBe(sent[0]?.requestId);

    lose = 1;
    await waitFor(() => expect(screen.getByTestId<HTMLInputElement>('transfer-amount').value).toBe(''));
    typeInto('transfer-amount', '100');
    typeInto('transfer-pin', '123456');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await screen.findByTestId('transfer-error');
    typeInto('transfer-amount', '120');
    fireEvent.click(screen.getByTestId('transfer-submit'));
    await waitFor(() => expect(sent).toHaveLength(5));
    expect(sent[4]).toMatchObject({ amount: '120' });
    expect(sent[4]?.requestId).not.toBe(sent[3]?.requestId);
  });
});
