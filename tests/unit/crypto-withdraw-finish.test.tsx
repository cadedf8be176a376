// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { coinAssetsSchema } from '../../domain/protocol/coin-wallet';
import {
  API,
  calls,
  ok,
  open,
  record,
  savedAddress,
  server,
  userState,
  useFundingWorld,
  withdrawal,
} from './coin-funding-fixtures';
import { withdrawStatus } from './funding-fixtures';

/**
 * The crypto withdrawal as the bank one: a locked withdrawal PIN said on the form before a PIN is
 * typed (the review button off), and a pending withdrawal cancellable from its detail, as the
 * pending sheet that links there promises.
 */
useFundingWorld();

const assets = coinAssetsSchema.parse({
  coin: [{ currency: 'USDT', available: '100', frozen: '0', total: '100', valueUsdt: '100' }],
  contract: { available: '0', frozen: '0', total: '0', unrealizedPnl: '0' },
  totalUsdt: '100',
});
const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 20 });

describe('crypto withdrawal, as the bank one', () => {
  it('says a locked withdrawal PIN on the form, with its review off, before any PIN is typed', async () => {
    // 12:30 in Istanbul (UTC+3), far enough ahead to stay locked through the test.
    userState.pinLockedUntil = Date.UTC(2030, 0, 1, 9, 30);
    server.use(
      http.post(`${API}/coin/assets`, () => ok(assets)),
      http.post(`${API}/coin/withdraw/address`, () => ok({ list: [savedAddress()] })),
    );
    open('/pages/withdraw/cryptoWithdraw?currency=USDT');
    expect((await screen.findByTestId('withdraw-pin-locked')).textContent).toBe(
      'Çok fazla hatalı deneme: para çekme şifreniz 12:30 saatine kadar kilitli.',
    );
    expect(screen.getByTestId('withdraw-review').hasAttribute('disabled')).toBe(true);
  });

  it('leaves the form open when the PIN is not locked', async () => {
    server.use(
      http.get(`${API}/user/withdraw/status`, async ({ request }) => {
        await record(request);
        return ok(withdrawStatus());
      }),
      http.post(`${API}/coin/assets`, () => ok(assets)),
      http.post(`${API}/coin/withdraw/address`, () => ok({ list: [savedAddress()] })),
    );
    open('/pages/withdraw/cryptoWithdraw?currency=USDT');
    await screen.findByTestId('withdraw-address-label');
    await waitFor(() => expect(calls.some((c) => c.path === '/user/withdraw/status')).toBe(true));
    expect(screen.queryByTestId('withdraw-pin-locked')).toBeNull();
    expect(screen.getByTestId('withdraw-review').hasAttribute('disabled')).toBe(false);
  });

  it('cancels a pending withdrawal from its detail after a confirmation', async () => {
    let cancelled = false;
    server.use(
      http.post(`${API}/coin/withdraw/order`, () =>
        ok(page([withdrawal(cancelled ? { status: 'cancelled', cancelledAt: 1767265200000 } : {})])),
      ),
      http.post(`${API}/user/withdraw/cancel`, async ({ request }) => {
        await record(request);
        cancelled = true;
        return ok(withdrawal({ status: 'cancelled', cancelledAt: 1767265200000 }));
      }),
    );
    open('/pages/withdraw/cryptoRecordDetail?id=31');
    expect((await screen.findByTestId('detail-status')).textContent).toBe('İşlemde');
    fireEvent.click(screen.getByTestId('record-cancel-31'));
    fireEvent.click(await screen.findByTestId('cancel-sheet-submit'));
    await waitFor(() => expect(screen.getByTestId('detail-status').textContent).toBe('İptal edildi'));
    expect(calls.find((c) => c.path === '/user/withdraw/cancel')?.body).toEqual({ id: '31' });
    expect(screen.queryByTestId('record-cancel-31')).toBeNull();
  });
});
