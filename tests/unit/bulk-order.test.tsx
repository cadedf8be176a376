// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BlockDetail } from '../../domain/protocol/bulk';
import '../../src/i18n/setup';
import BulkOrderScreen from '../../src/screens/bulk/bulk-order-screen';
import { setLanguage } from '../../src/state/prefs';
import { block, blockDetail, blockOrder } from './bulk-fixtures';
import { vipStatus } from './membership-fixtures';
import { API, assets, ok, page, profile, renderAt, T0 } from './ipo-fixtures';
import { formBody, lotsForm, orderAnswer, orderTestServer, PASSWORD, text } from './order-fixtures';
import { typeInto } from '../support/type-keys';

let answer: BlockDetail = blockDetail();
let available = '50000';
let sent: Record<string, string>[] = [];
let refusal: string | null = null;
let vip = vipStatus();

const server = orderTestServer(
  [
    http.post(`${API}/stock/bulk/info`, () => ok(answer)),
    // The broker filters by status when asked (server/routes/bulk.ts), as here.
    http.post(`${API}/stock/bulk/list`, async ({ request }) => {
      const { status } = await formBody(request);
      const blocks = [
        block(),
        block({ id: '2', symbol: 'ASELS', vipOnly: true }),
        block({ id: '3', symbol: 'GARAN', status: 'upcoming' }),
      ];
      return ok(page(blocks.filter((b) => !status || b.status === status)));
    }),
    http.post(`${API}/user/assets`, () => ok(assets(available))),
    http.post(`${API}/user/info`, () => ok(profile())),
    http.get(`${API}/user/vip/get`, () => ok(vip)),
    http.post(
      `${API}/stock/bulk/apply`,
      orderAnswer(
        () => (refusal ? { key: refusal } : null),
        (body) => {
          sent.push(body);
          return blockOrder('9', { lots: body.lots ?? '0' });
        },
      ),
    ),
  ],
  () => {
    answer = blockDetail();
    available = '50000';
    sent = [];
    refusal = null;
    vip = vipStatus();
  },
);

async function openForm() {
  renderAt('/pages/stockBulk/bulkOrder?id=1', BulkOrderScreen);
  await screen.findByTestId('order-lots-input');
}

describe('block purchase', () => {
  it('shows price, total with costs and the lock-up end before buying', async () => {
    await openForm();
    expect(text('order-total')).toBe('--');
    typeInto('order-lots-input', '100');
    // 100 × 302.50 = 30250; commission 45.375 → 45.38, BSMV 2.27, fee 0.9075 → 0.91: 48.56.
    expect(text('order-price')).toBe('₺302,50');
    expect(text('order-amount')).toBe('₺30.250,00');
    // Line by line (DECISIONS §5): 45.38 + 2.27 + 0.91 = 48.56.
    expect(text('order-commission')).toBe('₺45,38');
    expect(text('order-bsmv')).toBe('₺2,27');
    expect(text('order-exchange-fee')).toBe('₺0,91');
    expect(text('order-total')).toBe('₺30.298,56');
    // 30 days after Monday 23.11.2026 12:00 (Istanbul).
    expect(text('order-lockup-end')).toBe('23.12.2026 12:00');
    expect(text('order-lockup-warning')).toBe('Bu hisseleri 23.12.2026 12:00 tarihinden önce satamazsınız.');
  });

  it('refuses what the server would refuse before asking for the password', async () => {
    answer = blockDetail({ lotsRemaining: '150', boughtLots: '0' });
    await openForm();
    expect(lotsForm.refusal('99')).toBe('En az 100 lot alın.');
    expect(lotsForm.refusal('151')).toBe('Bu pakette yalnızca 150 lot kaldı.');
    expect(lotsForm.typed('1,5')).toBe('lot tam sayı olmalıdır; ondalık girilemez.');
    available = '1000';
    cleanup();
    await openForm();
    expect(lotsForm.refusal('100')).toBe(
      'Hesap bakiyesi bu toptan satış alımı için yetersiz: kullanılabilir ₺1.000,00, gereken ₺30.298,56.',
    );
    expect(screen.queryByTestId('order-confirm')).toBeNull();
    expect(sent).toEqual([]);
  });

  it('confirms with the trade password, sends the price shown and ends on the lock-up date', async () => {
    await openForm();
    lotsForm.submit('100');
    const sheet = await screen.findByTestId('order-confirm');
    expect(within(sheet).getByTestId('order-total').textContent).toBe('₺30.298,56');
    expect(sheet.textContent).toContain('Bu hisseleri 23.12.2026 12:00 tarihinden önce satamazsınız.');
    lotsForm.confirm('111111');
    expect((await screen.findByTestId('order-confirm-error')).textContent).toBe(
      'İşlem şifresi hatalı. 4 deneme hakkınız kaldı.',
    );
    lotsForm.confirm(PASSWORD);
    const done = await screen.findByTestId('order-done');
    // The form and its button are gone: the result's title takes focus (in an effect), so a screen reader reads it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Alındı'));
    expect(sent).toEqual([
      {
        id: '1',
        lots: '100',
        price: '302.5',
        tradePassword: PASSWORD,
        requestId: expect.stringMatching(/^[0-9a-f]{32}$/),
      },
    ]);
    expect(done.textContent).toContain(
      'THYAO için 100 lot, ₺30.298,56. 23.12.2026 12:00 tarihine kadar kilitli.',
    );
  });

  it('a lost answer confirmed again after the price moved keeps its requestId', async () => {
    // The block's price follows the previous close: a retry across a new session must not buy
    // twice. Under the first id the broker answers the first purchase, or refuses the other price.
    let lose = 1;
    server.use(
      http.post(`${API}/stock/bulk/apply`, async ({ request }) => {
        const body = await formBody(request);
        sent.push(body);
        if (lose-- > 0) return HttpResponse.error();
        return ok(blockOrder('9', { lots: body.lots ?? '0' }));
      }),
    );
    await openForm();
    lotsForm.order('100');
    await screen.findByTestId('order-error');
    cleanup();
    answer = blockDetail({ price: '300' });
    await openForm();
    lotsForm.order('100');
    await screen.findByTestId('order-done');
    expect(sent.map((body) => body.price)).toEqual(['302.5', '300']);
    expect(sent[0]?.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[1]?.requestId).toBe(sent[0]?.requestId);
  });

  it('shows a refusal of the server by its key, in English too', async () => {
    setLanguage('en-US');
    refusal = 'BLOCK_VIP_ONLY';
    await openForm();
    // It read "1 shares a lot"; the IPO forms' words: "lot size 1".
    expect(document.querySelector('.field__hint')?.textContent).toMatch(
      /^100 – 20,000 lots per buyer; lot size 1\./,
    );
    lotsForm.order('100');
    expect((await screen.findByTestId('order-error')).textContent).toBe(
      'This block trade is for VIP members only.',
    );
  });

  it('offers no form for a VIP-only block, and a chooser without an id', async () => {
    answer = blockDetail({ vipOnly: true });
    renderAt('/pages/stockBulk/bulkOrder?id=1', BulkOrderScreen);
    expect(await screen.findByText(/yalnızca VIP üyelere açık/)).toBeTruthy();
    expect(screen.queryByTestId('order-lots-input')).toBeNull();
    // The way on is membership (it led back to the block's detail, which says the same).
    expect(screen.getByTestId('order-vip').getAttribute('href')).toBe('/pages/stock/vip');
    expect(text('order-vip')).toBe('VIP üyeliğe göz atın');
    // Sold out, membership would not help: it says so, and offers the detail.
    cleanup();
    answer = blockDetail({ vipOnly: true, status: 'sold_out' });
    renderAt('/pages/stockBulk/bulkOrder?id=1', BulkOrderScreen);
    expect(await screen.findByText('Bu paketin tamamı satıldı.')).toBeTruthy();
    expect(screen.queryByTestId('order-vip')).toBeNull();
    cleanup();
    renderAt('/pages/stockBulk/bulkOrder', BulkOrderScreen);
    expect((await screen.findByTestId('block-1')).getAttribute('href')).toBe(
      '/pages/stockBulk/bulkOrder?id=1',
    );
    expect(text('block-2-vip')).toBe('Yalnızca VIP');
    // Only blocks one can buy from now: an upcoming one would open on "not open yet".
    expect(screen.queryByTestId('block-3')).toBeNull();
  });

  it('lets a VIP member buy a VIP-only block, and tells others it is for members', async () => {
    answer = blockDetail({ vipOnly: true });
    renderAt('/pages/stockBulk/bulkOrder?id=1', BulkOrderScreen);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('yalnızca VIP üyelere açık');
    cleanup();
    vip = vipStatus({
      state: 'trial',
      active: true,
      activeUntil: T0 + 7 * 86_400_000,
      trialAvailable: false,
    });
    await openForm();
    typeInto('order-lots-input', '100');
    expect(text('order-total')).toBe('₺30.298,56');
  });
});
