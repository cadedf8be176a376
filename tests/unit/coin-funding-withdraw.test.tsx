// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { coinAssetsSchema } from '../../domain/protocol/coin-wallet';
import { flushMarketData } from '../../src/market/client';
import { setAccountType } from '../../src/state/session';
import {
  API,
  calls,
  coins,
  marketData,
  ok,
  open,
  profile,
  record,
  refuse,
  savedAddress,
  server,
  userState,
  useFundingWorld,
  withdrawal,
} from './coin-funding-fixtures';
import { typeInto } from '../support/type-keys';

useFundingWorld();

const assets = coinAssetsSchema.parse({
  coin: [{ currency: 'USDT', available: '100', frozen: '0', total: '100', valueUsdt: '100' }],
  contract: { available: '0', frozen: '0', total: '0', unrealizedPnl: '0' },
  totalUsdt: '100',
});

beforeEach(() => {
  server.use(
    http.post(`${API}/coin/assets`, async ({ request }) => {
      await record(request);
      // A network's latency: a screen that re-reads with a skeleton would show it meanwhile.
      await delay(150);
      return ok(assets);
    }),
    http.post(`${API}/coin/withdraw/address`, () => ok({ list: [savedAddress()] })),
  );
});

describe('crypto withdrawal', () => {
  it('shows fee, what arrives and when before confirming, then asks the withdrawal password → pending', async () => {
    server.use(
      http.post(`${API}/coin/withdraw/add`, async ({ request }) => {
        const call = await record(request);
        if (call.body.withdrawPassword !== '246810')
          return refuse('WITHDRAW_PASSWORD_INCORRECT', 'Hatalı para çekme şifresi.');
        return ok(withdrawal());
      }),
    );
    open('/pages/withdraw/cryptoWithdraw?currency=USDT');
    expect((await screen.findByTestId('withdraw-address-label')).textContent).toBe('Ledger');
    expect(screen.getByTestId('terms-min').textContent).toBe('10,00\u00a0USDT');
    expect(screen.getByTestId('preview-fee').textContent).toBe('1,00\u00a0USDT');
    expect(screen.getByTestId('preview-receive').textContent).toBe('--');
    expect(screen.getByTestId('preview-expected').textContent).toBe('yaklaşık 30 dk');

    typeInto('withdraw-amount', '9');
    fireEvent.click(screen.getByTestId('withdraw-review'));
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe('En düşük tutar 10,00\u00a0USDT.');
    typeInto('withdraw-amount', '100,01');
    fireEvent.click(screen.getByTestId('withdraw-review'));
    expect(screen.getByTestId('withdraw-amount-error').textContent).toBe(
      'Kullanılabilir bakiyenizden (100,00\u00a0USDT) fazla.',
    );
    fireEvent.click(screen.getByTestId('withdraw-all'));
    expect(screen.getByTestId('preview-receive').textContent).toBe('99,00\u00a0USDT');
    typeInto('withdraw-amount', '25,5');
    expect(screen.getByTestId('preview-receive').textContent).toBe('24,50\u00a0USDT');
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();

    fireEvent.click(screen.getByTestId('withdraw-review'));
    const sheet = await screen.findByTestId('withdraw-confirm');
    expect(within(sheet).getByTestId('confirm-receive').textContent).toBe('24,50\u00a0USDT');
    expect(within(sheet).getByTestId('confirm-fee').textContent).toBe('1,00\u00a0USDT');
    expect(within(sheet).getByText('Para çekme şifresi')).toBeTruthy();
    typeInto('withdraw-confirm-password', '111111');
    fireEvent.click(screen.getByTestId('withdraw-confirm-submit'));
    expect((await screen.findByTestId('withdraw-confirm-error')).textContent).toBe(
      'Hatalı para çekme şifresi.',
    );

    typeInto('withdraw-confirm-password', '246810');
    fireEvent.click(screen.getByTestId('withdraw-confirm-submit'));
    expect((await screen.findByTestId('withdraw-pending-status')).textContent).toBe('İşlemde');
    expect(calls.filter((c) => c.path === '/coin/withdraw/add').at(-1)?.body).toEqual({
      addressId: '7',
      amount: '25.5',
      withdrawPassword: '246810',
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(screen.getByTestId('withdraw-pending-record').getAttribute('href')).toBe(
      '/pages/withdraw/cryptoRecordDetail?id=31',
    );
    // The balance is re-read behind the answer, which stays on screen.
    await waitFor(() => expect(calls.filter((c) => c.path === '/coin/assets')).toHaveLength(2));
    expect(screen.getByTestId('withdraw-pending-status').textContent).toBe('İşlemde');
    expect(screen.queryByRole('status', { name: /Yükleniyor/ })).toBeNull();
  });

  it('a locked withdrawal PIN keeps "Çek" disabled and says until when', async () => {
    // 12:30 in Istanbul (UTC+3), far enough ahead to stay locked through the test.
    const until = Date.UTC(2030, 0, 1, 9, 30);
    server.use(
      http.post(`${API}/coin/withdraw/add`, () =>
        HttpResponse.json({
          code: -1001,
          msg: 'Çok fazla hatalı şifre denemesi.',
          key: 'PIN_LOCKED',
          params: { minutes: 60, until },
          data: {},
        }),
      ),
    );
    open('/pages/withdraw/cryptoWithdraw?currency=USDT');
    await screen.findByTestId('withdraw-address-label');
    typeInto('withdraw-amount', '25');
    fireEvent.click(screen.getByTestId('withdraw-review'));
    await screen.findByTestId('withdraw-confirm');
    typeInto('withdraw-confirm-password', '111111');
    fireEvent.click(screen.getByTestId('withdraw-confirm-submit'));
    expect((await screen.findByTestId('withdraw-confirm-error')).textContent).toBe(
      'Çok fazla hatalı deneme: para çekme şifreniz 12:30 saatine kadar kilitli.',
    );
    expect(screen.getByTestId('withdraw-confirm-submit').hasAttribute('disabled')).toBe(true);
  });

  it('says what is wrong with the amount: missing, too many decimals, or zero', async () => {
    open('/pages/withdraw/cryptoWithdraw?currency=USDT');
    await screen.findByTestId('withdraw-address-label');
    const error = () => screen.getByTestId('withdraw-amount-error').textContent;
    fireEvent.click(screen.getByTestId('withdraw-review'));
    expect(error()).toBe('Bir tutar girin.');
    // USDT is withdrawn to the cent: a third decimal was answered "enter an amount".
    typeInto('withdraw-amount', '12,345');
    fireEvent.click(screen.getByTestId('withdraw-review'));
    expect(error()).toBe('USDT en fazla 2 ondalık basamak alır.');
    typeInto('withdraw-amount', '0');
    fireEvent.click(screen.getByTestId('withdraw-review'));
    expect(error()).toBe("Tutar 0'dan büyük olmalıdır.");
    expect(screen.queryByTestId('withdraw-confirm')).toBeNull();
  });

  it('after a lost answer, left and opened again, the same amount typed otherwise keeps its requestId', async () => {
    // The withdrawal may have gone through: the user leaves, comes back, types 25,50 for 25,5 and
    // confirms. A new id would make the broker send the coins a second time.
    server.use(
      http.post(`${API}/coin/withdraw/add`, async ({ request }) => {
        await record(request);
        return calls.filter((c) => c.path === '/coin/withdraw/add').length === 1
          ? HttpResponse.error()
          : ok(withdrawal());
      }),
    );
    const confirm = async (amount: string) => {
      open('/pages/withdraw/cryptoWithdraw?currency=USDT');
      await screen.findByTestId('withdraw-address-label');
      typeInto('withdraw-amount', amount);
      fireEvent.click(screen.getByTestId('withdraw-review'));
      await screen.findByTestId('withdraw-confirm');
      typeInto('withdraw-confirm-password', '246810');
      fireEvent.click(screen.getByTestId('withdraw-confirm-submit'));
    };
    await confirm('25,5');
    await screen.findByTestId('withdraw-confirm-error');
    cleanup();
    await confirm('25,50');
    await screen.findByTestId('withdraw-pending-status');
    const sent = calls.filter((c) => c.path === '/coin/withdraw/add').map((c) => c.body);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]).toEqual(sent[0]);
  });

  it('re-reads the available balance when the private channel says the wallets moved', async () => {
    // A request's answer on its way, the screen left and opened again: the form showed
    // the balance from before it. The broker announces every move on the private channel.
    open('/pages/withdraw/cryptoWithdraw?currency=USDT');
    await screen.findByTestId('withdraw-address-label');
    const reads = () => calls.filter((call) => call.path === '/coin/assets').length;
    const before = reads();
    marketData.fake.push({ events: [{ ch: 'balances', data: {} }] });
    await act(async () => {
      await flushMarketData();
    });
    await waitFor(() => expect(reads()).toBe(before + 1));
  });

  it('changes the address in the picker and comes back to the same form with it', async () => {
    const second = savedAddress({
      id: '8',
      label: 'Exchange',
      address: 'TXYZopYRdj2D9XRtbG411XZZ3kM5VkAeBf',
    });
    server.use(http.post(`${API}/coin/withdraw/address`, () => ok({ list: [savedAddress(), second] })));
    open('/pages/withdraw/cryptoWithdraw?currency=USDT');
    expect((await screen.findByTestId('withdraw-address-label')).textContent).toBe('Ledger');
    fireEvent.click(screen.getByTestId('withdraw-change-address'));
    fireEvent.click(await screen.findByTestId('address-pick-8'));
    expect((await screen.findByTestId('withdraw-address-label')).textContent).toBe('Exchange');
    // Back, not forward: the withdraw screen is where the user came from.
    expect(location.pathname + location.search).toBe('/pages/withdraw/cryptoWithdraw?currency=USDT');
  });

  it('without a saved address on the network, offers to add one and cannot be reviewed', async () => {
    server.use(http.post(`${API}/coin/withdraw/address`, () => ok({ list: [] })));
    open('/pages/withdraw/cryptoWithdraw?currency=USDT&chain=ERC20');
    expect((await screen.findByTestId('withdraw-no-address')).textContent).toBe(
      'ERC20 ağında kayıtlı USDT adresiniz yok.',
    );
    expect(screen.getByTestId('withdraw-add-address').getAttribute('href')).toBe(
      '/pages/wallet/addAdress?currency=USDT&chain=ERC20&select=1',
    );
    expect((screen.getByTestId('withdraw-review') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows every block up front with its way out, and no form', async () => {
    userState.profile = profile({ idStatus: 'pending', withdrawPasswordSet: false });
    server.use(http.get(`${API}/index/recharge/coins`, () => ok(coins(false))));
    open('/pages/withdraw/cryptoWithdraw?currency=USDT');
    const blocked = await screen.findByTestId('withdraw-blocked');
    expect(within(blocked).getByTestId('block-KYC_REQUIRED').textContent).toContain(
      'Lütfen önce kimlik doğrulamasını (KYC) tamamlayın.',
    );
    expect(screen.getByTestId('block-fix-KYC_REQUIRED').getAttribute('href')).toBe('/pages/user/kyc');
    expect(screen.getByTestId('block-fix-WITHDRAW_PASSWORD_NOT_SET').getAttribute('href')).toBe(
      '/pages/user/tradePassword?type=withdraw',
    );
    expect(screen.getByTestId('block-FUNDING_CLOSED').textContent).toContain('Çekim saatleri: 09:00–17:00');
    expect(screen.queryByTestId('block-DEMO_NOT_ALLOWED')).toBeNull();
    expect(screen.queryByTestId('withdraw-amount')).toBeNull();
    // The terms stay readable while blocked.
    expect(screen.getByTestId('terms-fee').textContent).toBe('1,00\u00a0USDT');
  });

  it('refuses a demo account with the SPEC message', async () => {
    setAccountType('demo');
    open('/pages/withdraw/cryptoWithdraw');
    expect((await screen.findByTestId('block-DEMO_NOT_ALLOWED')).textContent).toContain(
      'Demo hesaplar para yatıramaz veya çekemez.',
    );
    expect(screen.queryByTestId('withdraw-amount')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.path === '/coin/withdraw/add')).toBe(false));
  });

  it('the hub links each way with its conditions', async () => {
    open('/pages/withdraw/withdraw');
    expect((await screen.findByTestId('hub-bank')).getAttribute('href')).toBe('/pages/withdraw/bankWithdraw');
    expect(screen.getByTestId('hub-crypto').textContent).toContain('coin başına sabit ağ ücreti');
    fireEvent.click(screen.getByTestId('hub-crypto'));
    expect(location.pathname).toBe('/pages/withdraw/cryptoWithdraw');
  });
});
