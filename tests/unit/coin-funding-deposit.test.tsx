// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { toast } from '../../src/services/toast';
import { setSession } from '../../src/state/session';
import {
  API,
  calls,
  deposit,
  ok,
  open,
  profile,
  record,
  refuse,
  server,
  TRC20_ADDRESS,
  TRC20_HASH,
  useFundingWorld,
} from './coin-funding-fixtures';
import { typeInto } from '../support/type-keys';

useFundingWorld();

const address = {
  currency: 'USDT',
  chain: 'TRC20',
  address: TRC20_ADDRESS,
  memo: '',
  minDeposit: '10',
  confirmations: 20,
  createdAt: 1767225600000,
};

describe('crypto deposit', () => {
  it('without a coin and network shows the chooser, with each network’s terms, and links on', async () => {
    open('/pages/recharge/coinRecharge');
    expect(await screen.findByTestId('deposit-chooser')).toBeTruthy();
    expect(document.querySelector('[data-screen]')?.getAttribute('data-screen')).toBe(
      '/pages/recharge/coinRecharge',
    );
    expect(screen.getByTestId('terms-min').textContent).toBe('10,00\u00a0USDT');
    expect(screen.getByTestId('terms-confirmations').textContent).toBe('20 blok');
    fireEvent.click(screen.getByTestId('chain-ERC20'));
    expect(screen.getByTestId('terms-confirmations').textContent).toBe('12 blok');
    expect(screen.getByTestId('chooser-next').getAttribute('href')).toBe(
      '/pages/recharge/coinRecharge?currency=USDT&chain=ERC20',
    );
    fireEvent.click(screen.getByTestId('coin-BTC'));
    expect(screen.getByTestId('terms-min').textContent).toBe('0,0005\u00a0BTC');
    fireEvent.click(screen.getByTestId('chooser-next'));
    expect(location.pathname + location.search).toBe('/pages/recharge/coinRecharge?currency=BTC&chain=BTC');
  });

  it('a network the coin is not offered on leads back to the chooser, not to a retry', async () => {
    server.use(
      http.post(`${API}/coin/recharge/address`, () =>
        refuse('CHAIN_NOT_SUPPORTED', 'Bu ağ bu coin için kullanılamıyor.'),
      ),
    );
    open('/pages/recharge/coinRecharge?currency=USDT&chain=XYZ');
    const back = await screen.findByTestId('error-back');
    expect(back.textContent).toBe('Başka bir coin veya ağ seçin');
    expect(screen.queryByTestId('retry')).toBeNull();
    fireEvent.click(back);
    expect(await screen.findByTestId('deposit-chooser')).toBeTruthy();
    expect(location.search).toBe('');
  });

  it('generates the address once, then shows it with QR, warning, terms, and copies it', async () => {
    let made = false;
    server.use(
      http.post(`${API}/coin/recharge/address`, async ({ request }) => {
        await record(request);
        return ok({ address: made ? address : null });
      }),
      http.post(`${API}/coin/recharge/address/generate`, async ({ request }) => {
        await record(request);
        made = true;
        return ok({ address });
      }),
    );
    let copied = '';
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: async (text: string) => void (copied = text) },
    });
    open('/pages/recharge/coinRecharge?currency=USDT&chain=TRC20');
    expect((await screen.findByTestId('deposit-no-address')).textContent).toContain('TRC20');
    expect(screen.queryByTestId('deposit-qr')).toBeNull();
    // The network's terms and warning are there before anything is generated.
    expect((await screen.findByTestId('terms-min')).textContent).toBe('10,00\u00a0USDT');
    expect(screen.getAllByRole('note').map((n) => n.textContent)).toContainEqual(
      expect.stringContaining('yalnızca TRC20 ağında USDT'),
    );
    fireEvent.click(screen.getByTestId('deposit-generate'));
    expect((await screen.findByTestId('deposit-address')).textContent).toBe(TRC20_ADDRESS);
    expect(calls.find((c) => c.path === '/coin/recharge/address/generate')?.body).toEqual({
      currency: 'USDT',
      chain: 'TRC20',
    });
    // A real QR code: version 3 (29 × 29 modules) holds a 34-character address at level M.
    expect(screen.getByTestId('deposit-qr').getAttribute('data-modules')).toBe('29');
    expect(screen.getByTestId('deposit-warning').textContent).toBe(
      'Bu adrese yalnızca TRC20 ağında USDT gönderin. Başka coin veya ağlarla gönderilenler kaybolur.',
    );
    expect(screen.getByTestId('deposit-confirmations').textContent).toBe('20 blok');
    expect(screen.queryByTestId('deposit-memo')).toBeNull();
    fireEvent.click(screen.getByTestId('deposit-copy'));
    await waitFor(() => expect(copied).toBe(TRC20_ADDRESS));
    expect(toast.text).toBe('Kopyalandı');
  });

  it('checks the hash per network and the minimum before reporting; the report is pending', async () => {
    server.use(
      http.post(`${API}/coin/recharge/address`, () => ok({ address })),
      http.post(`${API}/coin/recharge/add`, async ({ request }) => {
        const call = await record(request);
        if (call.body.txHash === 'b'.repeat(64)) return refuse('TX_HASH_USED', 'Bu işlem zaten bildirildi.');
        return ok(deposit({ amount: call.body.amount ?? '0' }));
      }),
    );
    open('/pages/recharge/coinRecharge?currency=USDT&chain=TRC20');
    await screen.findByTestId('report-amount');
    typeInto('report-amount', '5');
    typeInto('report-hash', `0x${TRC20_HASH}`);
    expect(screen.getByTestId('report-hash-error').textContent).toBe("Bu bir TRC20 işlem hash'i değil.");
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByTestId('report-amount-error')).textContent).toBe(
      'En düşük tutar 10,00\u00a0USDT.',
    );
    // A ninth decimal is said as such, not as a missing amount.
    typeInto('report-amount', '10,123456789');
    fireEvent.click(screen.getByTestId('report-submit'));
    expect(screen.getByTestId('report-amount-error').textContent).toBe(
      'USDT en fazla 8 ondalık basamak alır.',
    );
    expect(calls.some((c) => c.path === '/coin/recharge/add')).toBe(false);

    // The server's refusal lands on the field it is about.
    typeInto('report-amount', '50,5');
    typeInto('report-hash', 'b'.repeat(64));
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByTestId('report-hash-error')).textContent).toBe('Bu işlem zaten bildirildi.');

    typeInto('report-hash', TRC20_HASH);
    fireEvent.click(screen.getByTestId('report-submit'));
    expect((await screen.findByTestId('report-status')).textContent).toBe('İşlemde');
    // The result has focus, so a screen reader reads it, and Tab goes on to its record.
    await waitFor(() => expect(document.activeElement?.textContent).toContain('İşlemde'));
    expect(screen.getByTestId('report-done').contains(document.activeElement)).toBe(true);
    expect(calls.filter((c) => c.path === '/coin/recharge/add').at(-1)?.body).toEqual({
      currency: 'USDT',
      chain: 'TRC20',
      amount: '50.5',
      txHash: TRC20_HASH,
    });
  });
});

describe('crypto deposit in the demo account', () => {
  it.each(['/pages/recharge/coinRecharge?currency=USDT&chain=TRC20', '/pages/recharge/cryptoRecharge'])(
    '%s says demo cannot deposit before anything is tapped, with the way to the real account',
    async (path) => {
      setSession(
        { userToken: 'demo-1', userTokenReal: 'real-1', userTokenDemo: 'demo-1', user: profile() },
        'demo',
      );
      open(path);
      const block = await screen.findByTestId('funding-block');
      expect(block.getAttribute('data-block')).toBe('DEMO_NOT_ALLOWED');
      expect(block.textContent).toContain('Demo');
      expect(screen.getByTestId('block-switch-real')).toBeTruthy();
      expect(screen.queryByTestId('deposit-generate')).toBeNull();
      expect(screen.queryByTestId('deposit-chooser')).toBeNull();
      expect(calls.filter((c) => c.path.startsWith('/coin/recharge'))).toEqual([]);
    },
  );
});
