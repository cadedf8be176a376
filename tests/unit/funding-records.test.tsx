// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { Deposit, Withdrawal } from '../../domain/protocol/funding';
import type { TxRecord } from '../../domain/protocol/trading';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import { deliverPrivateEvents } from '../../src/market/private-events';
import '../../src/components/trade/texts';
import { TxRecordList } from '../../src/components/trade/tx-record-list';
import BankRecordScreen from '../../src/screens/funding/bank-record-screen';
import RechargeRecordScreen from '../../src/screens/funding/recharge-record-screen';
import WithdrawRecordScreen from '../../src/screens/funding/withdraw-record-screen';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { session, setSession } from '../../src/state/session';
import { API, deposit, ok, refuse, renderAt, withdrawal } from './funding-fixtures';
import { screenHooks } from '../support/screen-hooks';

let deposits: Deposit[] = [];
let withdrawals: Withdrawal[] = [];
let depositQueries: Record<string, string>[] = [];
let cancelled: string[] = [];

let withdrawalQueries: Record<string, string>[] = [];

/**
 * A page of `list` filtered by status as the server would, with its real total: the rows after
 * `before` (the last row the client shows) when it is sent, else by offset.
 */
function answer<T extends { id: string; status: string }>(list: T[], query: URLSearchParams) {
  const status = query.get('status');
  const all = status ? list.filter((row) => row.status === status) : list;
  const page = Number(query.get('page') ?? '1');
  const size = Number(query.get('size') ?? '20');
  const before = query.get('before');
  const from = before === null ? (page - 1) * size : all.findIndex((row) => row.id === before) + 1;
  return ok({ list: all.slice(from, from + size), total: all.length, page, size });
}

const server = setupServer(
  http.get(`${API}/user/recharge/order`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    depositQueries.push(Object.fromEntries(query));
    return answer(deposits, query);
  }),
  http.get(`${API}/user/withdraw/order`, ({ request }) => {
    const query = new URL(request.url).searchParams;
    withdrawalQueries.push(Object.fromEntries(query));
    return answer(withdrawals, query);
  }),
  http.post(`${API}/user/withdraw/cancel`, async ({ request }) => {
    const id = new URLSearchParams(await request.text()).get('id') ?? '';
    const found = withdrawals.find((row) => row.id === id);
    if (!found || found.status !== 'pending')
      return refuse('WITHDRAWAL_NOT_PENDING', 'Bu para çekme artık işlemde değil.');
    cancelled.push(id);
    withdrawals = withdrawals.map((row) =>
      row.id === id
        ? {
            ...row,
            status: 'cancelled',
            cancelledAt: Date.UTC(2026, 10, 23, 9, 0),
            settleTransactionId: '502',
          }
        : row,
    );
    return ok(withdrawals.find((row) => row.id === id));
  }),
);

screenHooks(server, {
  reset: () => {
    // The withdrawal screen follows the private balances channel, which the market client carries.
    setMarketDataApi(new FakeMarketData());
    deposits = [
      deposit('1'),
      deposit('2', { status: 'success', decidedAt: Date.UTC(2026, 10, 23, 8, 0), transactionId: '610' }),
      deposit('3', {
        status: 'failed',
        reason: 'Açıklamada referans kodu yok',
        decidedAt: Date.UTC(2026, 10, 23, 8, 5),
      }),
    ];
    withdrawals = [
      withdrawal('10'),
      withdrawal('11', { status: 'failed', reason: 'IBAN kapalı', settleTransactionId: '620' }),
    ];
    depositQueries = [];
    withdrawalQueries = [];
    cancelled = [];
  },
});

describe('deposit records', () => {
  it('bankRecord lists the TRY deposits with status badges and filters by status', async () => {
    renderAt('/pages/recharge/bankRecord', BankRecordScreen);
    const list = await screen.findByTestId('deposit-list');
    expect(within(list).getAllByRole('button')).toHaveLength(3);
    expect(screen.getByTestId('deposit-1').textContent).toContain('İşlemde');
    expect(screen.getByTestId('deposit-3').textContent).toContain('Başarısız');
    expect(depositQueries[0]).toEqual({ currency: 'TRY', page: '1', size: '20' });
    fireEvent.click(screen.getByTestId('filter-success'));
    await waitFor(() => expect(screen.queryByTestId('deposit-1')).toBeNull());
    expect((await screen.findByTestId('deposit-2')).textContent).toContain('Başarılı');
    expect(screen.queryByTestId('deposit-3')).toBeNull();
    expect(depositQueries.at(-1)).toEqual({ status: 'success', currency: 'TRY', page: '1', size: '20' });
    expect(screen.getByTestId('filter-success').getAttribute('aria-pressed')).toBe('true');
    // The crypto records' control and card too (coin-funding-records.test.tsx).
    expect(screen.getByTestId('filter-success').className).toBe('filter-chip');
    expect(screen.getByTestId('deposit-2').closest('li')?.className).toBe('record-card');
  });

  it('opens a deposit with every timestamp, the reason and the ledger reference', async () => {
    renderAt('/pages/recharge/rechargeRecord', RechargeRecordScreen);
    fireEvent.click(await screen.findByTestId('deposit-3'));
    expect((await screen.findByTestId('detail-reason')).textContent).toBe('Açıklamada referans kodu yok');
    expect(screen.getByTestId('detail-created').textContent).toBe('23.11.2026 10:00');
    expect(depositQueries[0]).toEqual({ page: '1', size: '20' });
    cleanup();
    renderAt('/pages/recharge/rechargeRecord', RechargeRecordScreen);
    fireEvent.click(await screen.findByTestId('deposit-2'));
    expect((await screen.findByTestId('detail-ledger')).textContent).toBe('610');
  });

  it.each([
    ['/pages/recharge/rechargeRecord', RechargeRecordScreen],
    ['/pages/recharge/bankRecord', BankRecordScreen],
  ] as const)(
    '%s lists what GET /user/recharge/order answers (TRY) and never says "all deposits": crypto ones are a link away',
    async (path, Component) => {
      renderAt(path, Component);
      await screen.findByTestId('deposit-list');
      expect(document.body.textContent).not.toMatch(/Tüm yatırmalar|All deposits/);
      expect(screen.getByTestId('records-crypto').textContent).toContain(
        'Kripto (USDT ve koin) yatırmaları ayrı',
      );
      expect(screen.getByTestId('records-crypto-link').getAttribute('href')).toBe(
        '/pages/recharge/coinRechargeList',
      );
    },
  );

  it('pages with "load more"', async () => {
    deposits = Array.from({ length: 25 }, (_, index) => deposit(String(100 + index)));
    renderAt('/pages/recharge/bankRecord', BankRecordScreen);
    await screen.findByTestId('deposit-list');
    expect(screen.getAllByText('İşlemde')).toHaveLength(21); // 20 rows + the filter chip
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.getAllByText('İşlemde')).toHaveLength(26));
    expect(screen.queryByTestId('load-more')).toBeNull();
  });

  it('"load more" asks for the deposits after the last one shown: one arriving meanwhile repeats none', async () => {
    deposits = Array.from({ length: 25 }, (_, index) => deposit(String(124 - index)));
    renderAt('/pages/recharge/bankRecord', BankRecordScreen);
    await screen.findByTestId('deposit-list');
    deposits.unshift(deposit('125'));
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.queryByTestId('load-more')).toBeNull());
    expect(depositQueries.at(-1)).toMatchObject({ before: '105' });
    const shown = screen.getAllByTestId(/^deposit-\d+$/).map((row) => row.dataset.testid);
    expect(shown).toEqual(deposits.slice(1).map((row) => `deposit-${row.id}`));
  });
});

describe('withdrawal records', () => {
  it('"load more" asks for the withdrawals after the last one shown: one leaving the filter meanwhile skips none', async () => {
    withdrawals = Array.from({ length: 25 }, (_, index) => withdrawal(String(224 - index)));
    renderAt('/pages/withdraw/withdrawRecord', WithdrawRecordScreen);
    await screen.findByTestId('withdrawal-list');
    fireEvent.click(screen.getByTestId('filter-pending'));
    await waitFor(() => expect(withdrawalQueries.at(-1)).toMatchObject({ status: 'pending' }));
    await screen.findByTestId('load-more');
    // Cancelled on another device: the pending list now has 24, and an offset's page 2 starts one later.
    withdrawals = withdrawals.map((row) => (row.id === '224' ? { ...row, status: 'cancelled' } : row));
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(screen.queryByTestId('load-more')).toBeNull());
    expect(withdrawalQueries.at(-1)).toMatchObject({ status: 'pending', before: '205' });
    expect(screen.getAllByTestId(/^withdrawal-\d+$/)).toHaveLength(25);
    expect(screen.getByTestId('withdrawal-204')).toBeTruthy();
  });

  it('says a failed withdrawal was refunded and offers cancel only on pending ones', async () => {
    renderAt('/pages/withdraw/withdrawRecord', WithdrawRecordScreen);
    await screen.findByTestId('withdrawal-list');
    expect(screen.getByTestId('withdrawal-11').textContent).toContain('Başarısız (iade edildi)');
    expect(screen.getByTestId('cancel-10')).toBeTruthy();
    expect(screen.queryByTestId('cancel-11')).toBeNull();
    fireEvent.click(screen.getByTestId('withdrawal-11'));
    expect((await screen.findByTestId('detail-reason')).textContent).toBe('IBAN kapalı');
    expect(screen.getByTestId('detail-ledger').textContent).toBe('501');
  });

  it('a withdrawal paid meanwhile: the records event takes "İptal et" and its open sheet away at once', async () => {
    renderAt('/pages/withdraw/withdrawRecord', WithdrawRecordScreen);
    fireEvent.click(await screen.findByTestId('cancel-10'));
    await screen.findByTestId('cancel-sheet');
    const reads = withdrawalQueries.length;
    // Another area's decision is not this list's: nothing changes, nothing is read.
    act(() =>
      deliverPrivateEvents([{ ch: 'records', data: { area: 'deposit', id: '10', status: 'success' } }]),
    );
    expect(screen.getByTestId('cancel-sheet')).toBeTruthy();
    withdrawals = withdrawals.map((row) =>
      row.id === '10' ? { ...row, status: 'success', decidedAt: Date.UTC(2026, 10, 23, 9, 0) } : row,
    );
    act(() =>
      deliverPrivateEvents([{ ch: 'records', data: { area: 'withdrawal', id: '10', status: 'success' } }]),
    );
    // In the same render as the event, before any answer: no tap can reach the cancel any more.
    expect(screen.queryByTestId('cancel-sheet')).toBeNull();
    expect(screen.queryByTestId('cancel-10')).toBeNull();
    expect(screen.getByTestId('withdrawal-10').textContent).toContain('Başarılı');
    // Then the record is read again behind it, once.
    await waitFor(() => expect(withdrawalQueries.length).toBe(reads + 1));
    expect(cancelled).toEqual([]);
  });

  it('an open detail under the "pending" filter keeps the decision after the re-read drops its row', async () => {
    renderAt('/pages/withdraw/withdrawRecord', WithdrawRecordScreen);
    await screen.findByTestId('withdrawal-list');
    fireEvent.click(screen.getByTestId('filter-pending'));
    fireEvent.click(await screen.findByTestId('withdrawal-10'));
    const sheet = await screen.findByTestId('withdrawal-sheet');
    expect(within(sheet).getByText('İşlemde')).toBeTruthy();
    const reads = withdrawalQueries.length;
    withdrawals = withdrawals.map((row) => (row.id === '10' ? { ...row, status: 'success' } : row));
    act(() =>
      deliverPrivateEvents([{ ch: 'records', data: { area: 'withdrawal', id: '10', status: 'success' } }]),
    );
    await waitFor(() => expect(withdrawalQueries.length).toBe(reads + 1));
    await waitFor(() => expect(screen.queryByTestId('withdrawal-10')).toBeNull());
    expect(within(screen.getByTestId('withdrawal-sheet')).getByText('Başarılı')).toBeTruthy();
  });

  it('cancels a pending withdrawal after asking; the hold comes back', async () => {
    renderAt('/pages/withdraw/withdrawRecord', WithdrawRecordScreen);
    fireEvent.click(await screen.findByTestId('cancel-10'));
    const sheet = await screen.findByTestId('cancel-sheet');
    expect(sheet.textContent).toContain('₺1.000,00 kullanılabilir bakiyenize geri döner.');
    expect(cancelled).toEqual([]);
    fireEvent.click(screen.getByTestId('cancel-sheet-submit'));
    await waitFor(() => expect(screen.getByTestId('withdrawal-10').textContent).toContain('İptal edildi'));
    expect(cancelled).toEqual(['10']);
    expect(screen.queryByTestId('cancel-10')).toBeNull();
    expect(screen.queryByTestId('cancel-sheet')).toBeNull();
  });

  it('filters by cancelled', async () => {
    withdrawals = [...withdrawals, withdrawal('12', { status: 'cancelled', cancelledAt: 1 })];
    renderAt('/pages/withdraw/withdrawRecord', WithdrawRecordScreen);
    await screen.findByTestId('withdrawal-list');
    fireEvent.click(screen.getByTestId('filter-cancelled'));
    expect((await screen.findByTestId('withdrawal-12')).textContent).toContain('İptal edildi');
    expect(screen.queryByTestId('withdrawal-10')).toBeNull();
  });
});

describe('empty records', () => {
  it.each([
    [
      '/pages/recharge/bankRecord',
      BankRecordScreen,
      'Burada para yatırma yok',
      'Para yatır',
      '/pages/recharge/recharge',
    ],
    [
      '/pages/recharge/rechargeRecord',
      RechargeRecordScreen,
      'Burada para yatırma yok',
      'Para yatır',
      '/pages/recharge/recharge',
    ],
    [
      '/pages/withdraw/withdrawRecord',
      WithdrawRecordScreen,
      'Burada para çekme yok',
      'Para çek',
      '/pages/withdraw/bankWithdraw',
    ],
  ] as const)('%s, empty, offers the next step', async (path, Screen, title, label, href) => {
    deposits = [];
    withdrawals = [];
    renderAt(path, Screen);
    const empty = await screen.findByTestId('empty-state');
    expect(empty.textContent).toContain(title);
    const action = within(empty).getByTestId('records-empty-action');
    expect(action.textContent).toBe(label);
    expect(action.getAttribute('href')).toBe(href);
  });

  // Its "Para yatır" led the demo account to "demo accounts cannot deposit".
  it.each([
    ['/pages/recharge/bankRecord', BankRecordScreen],
    ['/pages/recharge/rechargeRecord', RechargeRecordScreen],
    ['/pages/withdraw/withdrawRecord', WithdrawRecordScreen],
  ] as const)(
    '%s, empty on the demo account, says what demo is and offers the real one',
    async (path, Screen) => {
      deposits = [];
      withdrawals = [];
      setSession(
        { userToken: 'demo', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '1' } },
        'demo',
      );
      // The switch reloads the profile; what it answers is the profile tests'.
      server.use(http.post(`${API}/user/info`, () => refuse('INTERNAL_ERROR', '')));
      renderAt(path, Screen);
      const empty = await screen.findByTestId('empty-state');
      expect(within(empty).queryByTestId('records-empty-action')).toBeNull();
      expect(empty.textContent).toContain('Demo hesabı kullanıyorsunuz.');
      fireEvent.click(within(empty).getByTestId('records-switch-real'));
      expect(session.userAccountType).toBe('real');
    },
  );
});

describe('funds detail', () => {
  const line = (id: string, reason: string, amount: string, frozen: string): TxRecord => ({
    id: `${id}-stock-TRY`,
    transactionId: id,
    reason,
    referenceType: reason.startsWith('withdrawal') ? 'withdrawal' : reason,
    referenceId: '10',
    currency: 'TRY',
    amount,
    available: amount,
    frozen,
    side: null,
    symbol: null,
    fees: null,
    memo: '',
    wallet: 'stock',
    t: Date.UTC(2026, 10, 23, 9, Number(id)),
    balance: { available: '0', frozen: '0', total: '0' },
  });
  it.each([
    ['tr-TR', ['Para yatırma', 'Para çekme (bloke)', 'Para çekme yapılmadı', 'Döviz çevirme']],
    ['en-US', ['Deposit', 'Withdrawal (held)', 'Withdrawal not made', 'Currency exchange']],
  ] as const)('%s: the funding reasons read as words', async (lang, words) => {
    setLanguage(lang);
    server.use(
      http.get(`${API}/user/tx/record`, () =>
        ok({
          list: [
            line('4', 'deposit', '2500', '0'),
            line('3', 'withdrawal_hold', '-1000', '1000'),
            line('2', 'withdrawal_release', '1000', '-1000'),
            line('1', 'exchange', '-500', '0'),
          ],
          total: 4,
          page: 1,
          size: 20,
        }),
      ),
    );
    render(<TxRecordList wallet="stock" empty={<p>empty</p>} />);
    const lines = await screen.findAllByTestId('tx-line');
    expect(lines.map((entry) => words.find((word) => entry.textContent?.includes(word)))).toEqual(words);
  });
});
