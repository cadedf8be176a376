// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '../../domain/format/date';
import { toast } from '../../src/services/toast';
import { session, setSession } from '../../src/state/session';
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
  TRC20_HASH,
  useFundingWorld,
  withdrawal,
} from './coin-funding-fixtures';

useFundingWorld();

const page = <T,>(list: T[]) => ({ list, total: list.length, page: 1, size: 20 });

describe('crypto records', () => {
  it('lists deposits with status badges and sends the filters', async () => {
    server.use(
      http.get(`${API}/coin/recharge/order`, async ({ request }) => {
        const call = await record(request);
        const rows = [deposit(), deposit({ id: '13', status: 'success', transactionId: '77' })];
        return ok(page(rows.filter((r) => !call.query.status || r.status === call.query.status)));
      }),
    );
    open('/pages/recharge/cryptoRecord');
    expect((await screen.findByTestId('record-status-12')).textContent).toBe('İşlemde');
    expect(screen.getByTestId('record-status-13').textContent).toBe('Başarılı');
    expect(screen.getByTestId('record-open-12').getAttribute('href')).toBe(
      '/pages/wallet/recordDetail?type=deposit&kind=crypto&id=12',
    );
    fireEvent.click(screen.getByTestId('filter-status-success'));
    await waitFor(() => expect(calls.at(-1)?.query).toEqual({ page: '1', size: '20', status: 'success' }));
    await waitFor(() => expect(screen.queryByTestId('record-12')).toBeNull());
    fireEvent.click(await screen.findByTestId('filter-currency-BTC'));
    await waitFor(() => expect(calls.at(-1)?.query).toMatchObject({ status: 'success', currency: 'BTC' }));
    // The TRY records' control and card (funding-records.test.tsx): one chip row that scrolls,
    // the chosen chip pressed, and each movement a card; not radios wrapping to two rows.
    const chip = screen.getByTestId('filter-status-success');
    expect(chip.className).toBe('filter-chip');
    expect(chip.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('filter-status-all').getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('filter-status').className).toBe('filter-chips');
    expect((await screen.findByTestId('record-13')).className).toBe('record-card');
  });

  it.each([
    [
      '/pages/recharge/cryptoRecord',
      'get',
      '/coin/recharge/order',
      'Kripto yatır',
      '/pages/recharge/cryptoRecharge',
    ],
    [
      '/pages/recharge/coinRechargeList',
      'get',
      '/coin/recharge/order',
      'Kripto yatır',
      '/pages/recharge/cryptoRecharge',
    ],
    [
      '/pages/withdraw/cryptoRecord',
      'post',
      '/coin/withdraw/order',
      'Kripto çek',
      '/pages/withdraw/cryptoWithdraw',
    ],
  ] as const)('%s, empty, offers the next step', async (path, method, endpoint, label, href) => {
    server.use(http[method](`${API}${endpoint}`, () => ok(page([]))));
    open(path);
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain('Henüz kayıt yok.');
    const action = within(empty).getByTestId('records-empty-action');
    expect(action.textContent).toBe(label);
    expect(action.getAttribute('href')).toBe(href);
  });

  // Their "Kripto yatır" led the demo account to "demo accounts cannot deposit".
  it.each([
    ['/pages/recharge/cryptoRecord', 'get', '/coin/recharge/order'],
    ['/pages/withdraw/cryptoRecord', 'post', '/coin/withdraw/order'],
  ] as const)(
    '%s, empty on the demo account, offers the real one instead',
    async (path, method, endpoint) => {
      server.use(http[method](`${API}${endpoint}`, () => ok(page([]))));
      setSession(
        { userToken: 'demo-1', userTokenReal: 'real-1', userTokenDemo: 'demo-1', user: profile() },
        'demo',
      );
      open(path);
      const empty = await screen.findByTestId('empty-state');
      expect(within(empty).queryByTestId('records-empty-action')).toBeNull();
      expect(empty.textContent).toContain('Demo hesabı kullanıyorsunuz.');
      fireEvent.click(within(empty).getByTestId('records-switch-real'));
      expect(session.userAccountType).toBe('real');
    },
  );

  it.each([
    ['/pages/recharge/cryptoRecord', 'get', '/coin/recharge/order', deposit],
    ['/pages/withdraw/cryptoRecord', 'post', '/coin/withdraw/order', withdrawal],
  ] as const)(
    '%s: "load more" asks for the records after the last one shown, so one arriving meanwhile repeats none',
    async (path, method, endpoint, row) => {
      const rows: { id: string }[] = Array.from({ length: 25 }, (_, i) => row({ id: String(124 - i) }));
      server.use(
        http[method](`${API}${endpoint}`, async ({ request }) => {
          const { query, body } = await record(request);
          const before = query.before ?? body.before;
          const from = before === undefined ? 0 : rows.findIndex((r) => r.id === before) + 1;
          return ok({ list: rows.slice(from, from + 20), total: rows.length, page: 1, size: 20 });
        }),
      );
      open(path);
      await screen.findByTestId('record-105');
      rows.unshift(row({ id: '125' }));
      fireEvent.click(screen.getByTestId('record-more'));
      await waitFor(() => expect(screen.queryByTestId('record-more')).toBeNull());
      const sent = calls.filter((call) => call.path === endpoint).at(-1);
      expect(sent?.query.before ?? sent?.body.before).toBe('105');
      const shown = screen.getAllByTestId(/^record-\d+$/).map((el) => el.dataset.testid);
      expect(shown).toEqual(rows.slice(1).map((r) => `record-${r.id}`));
    },
  );

  it('a failed deposit says failed, not refunded: it was never credited, so nothing came back', async () => {
    server.use(
      http.get(`${API}/coin/recharge/order`, () => ok(page([deposit({ id: '14', status: 'failed' })]))),
      http.post(`${API}/coin/withdraw/order`, () => ok(page([withdrawal({ id: '31', status: 'failed' })]))),
    );
    open('/pages/recharge/cryptoRecord');
    expect((await screen.findByTestId('record-status-14')).textContent).toBe('Başarısız');
    expect(screen.getByTestId('filter-status-failed').textContent).toBe('Başarısız');
    cleanup();
    open('/pages/withdraw/cryptoRecord');
    expect((await screen.findByTestId('record-status-31')).textContent).toBe('Başarısız (iade edildi)');
    expect(screen.getByTestId('filter-status-failed').textContent).toBe('Başarısız (iade edildi)');
  });

  it('cancels a pending withdrawal after a confirmation, and the list shows it cancelled', async () => {
    let cancelled = false;
    server.use(
      http.post(`${API}/coin/withdraw/order`, () =>
        ok(
          page([
            withdrawal(
              cancelled
                ? { status: 'cancelled', cancelledAt: 1767265200000, settleTransactionId: '9002' }
                : {},
            ),
            withdrawal({
              id: '30',
              status: 'success',
              decidedAt: 1767262000000,
              settleTransactionId: '8002',
            }),
          ]),
        ),
      ),
      http.post(`${API}/user/withdraw/cancel`, async ({ request }) => {
        await record(request);
        cancelled = true;
        return ok(
          withdrawal({ status: 'cancelled', cancelledAt: 1767265200000, settleTransactionId: '9002' }),
        );
      }),
    );
    open('/pages/withdraw/cryptoRecord');
    await screen.findByTestId('record-31');
    // The address as one unit (start and end, which people compare), apart from the network: it
    // broke after its ellipsis at 390 px in English, half of it on each line.
    expect(screen.getByTestId('record-address-31').textContent).toBe('TJRabP…jpRTv8');
    expect(screen.queryByTestId('record-cancel-30')).toBeNull();
    fireEvent.click(screen.getByTestId('record-cancel-31'));
    fireEvent.click(await screen.findByTestId('cancel-sheet-cancel'));
    expect(calls.some((c) => c.path === '/user/withdraw/cancel')).toBe(false);

    fireEvent.click(screen.getByTestId('record-cancel-31'));
    fireEvent.click(await screen.findByTestId('cancel-sheet-submit'));
    await waitFor(() => expect(screen.getByTestId('record-status-31').textContent).toBe('İptal edildi'));
    expect(calls.find((c) => c.path === '/user/withdraw/cancel')?.body).toEqual({ id: '31' });
    expect(toast.text).toBe('Çekim iptal edildi; 25,50\u00a0USDT hesabınıza geri döndü.');
    expect(screen.queryByTestId('record-cancel-31')).toBeNull();
  });

  it('shows a refusal to cancel (decided meanwhile) in the sheet', async () => {
    server.use(
      http.post(`${API}/coin/withdraw/order`, () => ok(page([withdrawal()]))),
      http.post(`${API}/user/withdraw/cancel`, () =>
        refuse('WITHDRAWAL_NOT_PENDING', 'Bu çekim artık beklemede değil.'),
      ),
    );
    open('/pages/withdraw/cryptoRecord');
    fireEvent.click(await screen.findByTestId('record-cancel-31'));
    fireEvent.click(await screen.findByTestId('cancel-sheet-submit'));
    expect((await screen.findByTestId('cancel-sheet-error')).textContent).toBe(
      'Bu çekim artık beklemede değil.',
    );
  });

  it('a withdrawal’s detail has every time, the figures, the hash to copy and the ledger references', async () => {
    const decided = withdrawal({
      status: 'failed',
      reason: 'Adres yaptırım listesinde.',
      decidedAt: 1767265200000,
      settleTransactionId: '9002',
      txHash: TRC20_HASH,
    });
    server.use(
      // Asked for one id, the list answers the page holding it (as the server does).
      http.post(`${API}/coin/withdraw/order`, async ({ request }) => {
        await record(request);
        return ok(page([decided]));
      }),
    );
    open('/pages/withdraw/cryptoRecordDetail?id=31');
    const rows = await screen.findByTestId('detail-rows');
    expect(calls[0]?.body).toEqual({ id: '31' });
    expect(screen.getByTestId('detail-status').textContent).toBe('Başarısız (iade edildi)');
    expect(within(rows).getByTestId('detail-created').textContent).toBe(
      formatDateTime(1767261600000, 'tr-TR'),
    );
    expect(within(rows).getByTestId('detail-decided').textContent).toBe(
      formatDateTime(1767265200000, 'tr-TR'),
    );
    expect(within(rows).getByTestId('detail-cancelled').textContent).toBe('--');
    expect(screen.getByTestId('detail-fee').textContent).toBe('1,00\u00a0USDT');
    expect(screen.getByTestId('detail-receive').textContent).toBe('24,50\u00a0USDT');
    expect(screen.getByTestId('detail-hash').textContent).toBe(TRC20_HASH);
    // One line cut in the middle, with a compact copy button named for the value (not a
    // full-width "Kopyala" under it), which copies the whole hash.
    expect(screen.getByTestId('detail-hash').title).toBe(TRC20_HASH);
    const copy = screen.getByTestId('detail-hash-copy');
    expect(copy.getAttribute('aria-label')).toBe("İşlem hash'i kopyala");
    expect(copy.textContent).toBe('');
    expect(copy.className).not.toContain('button--secondary');
    const copied: string[] = [];
    Object.defineProperty(navigator, 'clipboard', {
      configurable: true,
      value: { writeText: (text: string) => (copied.push(text), Promise.resolve()) },
    });
    fireEvent.click(copy);
    await waitFor(() => expect(copied).toEqual([TRC20_HASH]));
    expect(screen.getByTestId('detail-reason').textContent).toBe('Adres yaptırım listesinde.');
    expect(screen.getByTestId('detail-hold').textContent).toBe('9001');
    expect(screen.getByTestId('detail-settle').textContent).toBe('9002');
  });

  it('a deposit’s detail reads its kind’s record; an unnamed kind falls back from crypto to bank', async () => {
    server.use(
      http.get(`${API}/coin/recharge/order`, () => refuse('DEPOSIT_NOT_FOUND', 'Yatırma bulunamadı.')),
      http.get(`${API}/user/recharge/order`, async ({ request }) => {
        await record(request);
        return ok(
          page([
            deposit({
              kind: 'bank',
              currency: 'TRY',
              chain: null,
              address: null,
              txHash: null,
              channel: { id: '1', bankName: 'Ziraat Bankası', iban: 'TR330001000000000000000001' },
              referenceCode: 'SNS-100042',
              status: 'success',
              decidedAt: 1767265200000,
              transactionId: '5005',
            }),
          ]),
        );
      }),
    );
    open('/pages/wallet/recordDetail?type=deposit&id=12');
    expect((await screen.findByTestId('detail-transaction')).textContent).toBe('5005');
    expect(screen.getByTestId('detail-reference').textContent).toBe('SNS-100042');
    // The record carries the IBAN ungrouped; the detail groups it in fours as everywhere else.
    expect(screen.getByTestId('detail-channel').textContent).toBe(
      'Ziraat Bankası TR33 0001 0000 0000 0000 0000 01',
    );
    expect(screen.getByTestId('detail-decided').textContent).toBe(formatDateTime(1767265200000, 'tr-TR'));
    expect(screen.queryByTestId('detail-cancelled')).toBeNull();
    expect(calls.find((c) => c.path === '/user/recharge/order')?.query).toEqual({ id: '12' });
  });

  it('a withdrawal named without its kind is looked for among crypto, then bank withdrawals', async () => {
    server.use(
      http.post(`${API}/coin/withdraw/order`, () => refuse('WITHDRAWAL_NOT_FOUND', 'Çekim bulunamadı.')),
      http.get(`${API}/user/withdraw/order`, async ({ request }) => {
        await record(request);
        const card = { id: '4', bankName: 'Ziraat Bankası', accountNumber: 'TR33 **** **01' };
        return ok(page([withdrawal({ kind: 'bank', currency: 'TRY', chain: null, address: null, card })]));
      }),
    );
    open('/pages/wallet/recordDetail?type=withdrawal&id=31');
    expect((await screen.findByTestId('detail-card')).textContent).toBe('Ziraat Bankası TR33 **** **01');
    expect(screen.getByTestId('detail-settle').textContent).toBe('--');
    expect(calls.find((c) => c.path === '/user/withdraw/order')?.query).toEqual({ id: '31' });
  });

  it.each(['/pages/wallet/recordDetail', '/pages/withdraw/cryptoRecordDetail'])(
    '%s without an id shows where the records are, not an error',
    async (path) => {
      open(path);
      expect(await screen.findByTestId('detail-chooser')).toBeTruthy();
      expect(screen.queryByTestId('error-state')).toBeNull();
      expect(screen.getByTestId('hub-crypto-withdrawals').getAttribute('href')).toBe(
        '/pages/withdraw/cryptoRecord',
      );
      expect(calls).toHaveLength(0);
    },
  );

  it('the records hub leads to all four lists', async () => {
    open('/pages/withdraw/recordIndex');
    const hrefs = [
      'hub-bank-deposits',
      'hub-crypto-deposits',
      'hub-bank-withdrawals',
      'hub-crypto-withdrawals',
    ];
    await screen.findByTestId('records-hub');
    expect(hrefs.map((id) => screen.getByTestId(id).getAttribute('href'))).toEqual([
      '/pages/recharge/bankRecord',
      '/pages/recharge/cryptoRecord',
      '/pages/withdraw/withdrawRecord',
      '/pages/withdraw/cryptoRecord',
    ]);
  });
});
