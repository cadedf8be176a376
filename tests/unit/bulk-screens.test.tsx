// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it, vi } from 'vitest';
import type { TickerView } from '../../domain/market-data/contract';
import type { Block, BlockDetail, BlockOrder } from '../../domain/protocol/bulk';
import '../../src/i18n/setup';
import type * as MarketClient from '../../src/market/client';
import { findRoute } from '../../src/routes/table';
import BulkDetailScreen from '../../src/screens/bulk/bulk-detail-screen';
import BulkListScreen from '../../src/screens/bulk/bulk-list-screen';
import IpoTabScreen from '../../src/screens/ipo/ipo-tab-screen';
import { market } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { setSession } from '../../src/state/session';
import { block, blockDetail, blockOrder } from './bulk-fixtures';
import { vipStatus } from './membership-fixtures';
import { API, ok, page, renderAt, T0 } from './ipo-fixtures';
import { screenHooks } from '../support/screen-hooks';

// The last price streams from the market worker: no worker here, its ticker is set by hand.
vi.mock('../../src/market/client', async (original) => ({
  ...(await original<typeof MarketClient>()),
  useTopic: () => undefined,
}));

const DAY = 86_400_000;
let blocks: Block[] = [];
let orders: BlockOrder[] = [];
let answer: BlockDetail = blockDetail();

const server = setupServer(
  http.post(`${API}/stock/bulk/list`, () => ok(page(blocks))),
  http.get(`${API}/user/vip/get`, () => ok(vipStatus())),
  http.post(`${API}/stock/bulk/info`, () => ok(answer)),
  http.post(`${API}/stock/bulk/order/list`, () => ok(page(orders))),
  http.get(`${API}/stock/index/new/today`, () => ok(page([]))),
  http.get(`${API}/stock/index/new/list/coming`, () => ok(page([]))),
  http.get(`${API}/stock/index/new/list`, () => ok(page([]))),
  http.get(`${API}/stock/index/offline/today`, () => ok(page([]))),
);

screenHooks(server, {
  now: T0,
  signedIn: false,
  reset: () => {
    blocks = [
      block(),
      block({ id: '2', symbol: 'ASELS', name: 'Aselsan', vipOnly: true, discount: '0.08', lockupDays: 90 }),
      block({
        id: '3',
        symbol: 'GARAN',
        status: 'upcoming',
        lotsRemaining: '1000000',
        opensAt: T0 + 2 * DAY,
      }),
    ];
    orders = [blockOrder('9'), blockOrder('8', { lots: '200', locked: false, lockedUntil: T0 - DAY })];
    answer = blockDetail();
  },
  tidy: () => {
    delete market.tickers.THYAO;
  },
});

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('block trade screens', () => {
  it('are real routes, and the IPO tab leads to them', async () => {
    for (const path of [
      '/pages/stockBulk/bulkList',
      '/pages/stockBulk/bulkDetail',
      '/pages/stockBulk/bulkOrder',
    ])
      expect(findRoute(path)?.path).toBe(path);
    expect(findRoute('/pages/stockBulk/bulkOrder')).toMatchObject({ public: false });
    expect(findRoute('/pages/stockBulk/bulkList')).toMatchObject({ public: true });
    renderAt('/pages/tabbar/ipo', IpoTabScreen);
    const entry = await screen.findByTestId('ipo-bulk-entry');
    expect(entry.getAttribute('href')).toBe('/pages/stockBulk/bulkList');
    expect(entry.textContent).toContain('Toptan satışlar');
  });

  it('lists blocks with discount, remaining lots, lock-up and VIP badge, and the guest sees no orders', async () => {
    renderAt('/pages/stockBulk/bulkList', BulkListScreen);
    const first = await screen.findByTestId('block-1');
    expect(first.getAttribute('href')).toBe('/pages/stockBulk/bulkDetail?id=1');
    expect(first.textContent).toContain('%5,00');
    expect(text('block-1-price')).toBe('₺302,50');
    expect(text('block-1-remaining')).toBe('480.000 lot');
    expect(first.textContent).toContain('30 gün');
    expect(text('block-1-status')).toBe('Açık');
    expect(text('block-2-vip')).toBe('Yalnızca VIP');
    expect(text('block-3-status')).toBe('Yakında');
    expect(screen.queryByTestId('block-orders')).toBeNull();
  });

  it('shows a signed-in user their block orders with the lock-up end, in English', async () => {
    setLanguage('en-US');
    setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
    renderAt('/pages/stockBulk/bulkList', BulkListScreen);
    const list = await screen.findByTestId('block-orders');
    const locked = within(list).getByTestId('block-order-9');
    expect(locked.textContent).toContain('Locked until 12/23/2026, 12:00 PM');
    expect(locked.textContent).toContain('₺30,298.56');
    expect(within(list).getByTestId('block-order-8').textContent).toContain(
      'Sellable since 11/22/2026, 12:00 PM',
    );
  });

  it('details a block: live last price, reference, block price, discount, limits and lock-up end', async () => {
    market.tickers.THYAO = { last: '321' } as TickerView;
    renderAt('/pages/stockBulk/bulkDetail?id=1', BulkDetailScreen);
    await screen.findByTestId('block-facts');
    expect(text('block-reference')).toBe('₺318,50');
    expect(text('block-last')).toBe('₺321,00');
    expect(text('block-discount')).toBe('%5,00');
    expect(text('block-price')).toBe('₺302,50');
    expect(text('block-limits')).toBe('100 – 20.000 lot');
    expect(text('block-lockup-end')).toBe('23.12.2026 12:00');
    expect(screen.getByTestId('block-buy').getAttribute('href')).toBe('/pages/stockBulk/bulkOrder?id=1');
    // A guest is asked to sign in by the same button (it read "buy" and led to sign-in).
    expect(text('block-buy')).toBe('Almak için giriş yapın');
    cleanup();
    setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
    setLanguage('en-US');
    renderAt('/pages/stockBulk/bulkDetail?id=1', BulkDetailScreen);
    await screen.findByTestId('block-buy');
    expect(text('block-buy')).toBe('Buy from this block');
  });

  it('says a VIP-only block cannot be bought, and offers a chooser without an id', async () => {
    answer = blockDetail({ vipOnly: true });
    renderAt('/pages/stockBulk/bulkDetail?id=1', BulkDetailScreen);
    // The way to membership is the bar's button (a tap target), not a line-high link in the note.
    const vip = await screen.findByTestId('block-vip-link');
    expect(vip.getAttribute('href')).toBe('/pages/stock/vip');
    expect(vip.className).toContain('button');
    expect(vip.closest('.ipo-bar')).not.toBeNull();
    expect(text('block-not-open')).toBe('Bu paket yalnızca VIP üyelere açık.');
    // Said once, by the bar: the note above the facts said the same words a second time.
    expect(screen.getAllByText('Bu paket yalnızca VIP üyelere açık.')).toHaveLength(1);
    expect(screen.queryByTestId('block-buy')).toBeNull();
    // Sold out, membership would not help: the reason is that, with no way to VIP offered.
    cleanup();
    answer = blockDetail({ vipOnly: true, status: 'sold_out' });
    renderAt('/pages/stockBulk/bulkDetail?id=1', BulkDetailScreen);
    expect(await screen.findByText('Bu paketin tamamı satıldı.')).toBeTruthy();
    expect(screen.queryByTestId('block-vip-link')).toBeNull();
    // Upcoming: when it opens (it said "not open now" for upcoming, sold out and closed alike).
    cleanup();
    answer = blockDetail({ status: 'upcoming', opensAt: T0 + 2 * DAY });
    renderAt('/pages/stockBulk/bulkDetail?id=1', BulkDetailScreen);
    expect(await screen.findByText('Bu paket 25.11.2026 12:00 tarihinde satışa açılır.')).toBeTruthy();
    cleanup();
    setLanguage('en-US');
    answer = blockDetail({ status: 'closed' });
    renderAt('/pages/stockBulk/bulkDetail?id=1', BulkDetailScreen);
    expect(await screen.findByText('This block has closed.')).toBeTruthy();
    setLanguage('tr-TR');
    cleanup();
    renderAt('/pages/stockBulk/bulkDetail', BulkDetailScreen);
    expect((await screen.findByTestId('block-2')).getAttribute('href')).toBe(
      '/pages/stockBulk/bulkDetail?id=2',
    );
  });
});
