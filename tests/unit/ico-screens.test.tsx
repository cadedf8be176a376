// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { Ico, IcoCommitment } from '../../domain/protocol/ico';
import '../../src/i18n/setup';
import ApplyListScreen from '../../src/screens/ico/apply-list-screen';
import IcoDetailScreen from '../../src/screens/ico/ico-detail-screen';
import IcoListScreen from '../../src/screens/ico/ico-list-screen';
import { setLanguage } from '../../src/state/prefs';
import { clearUserInfo } from '../../src/state/session';
import { commitment, ico, upcomingIco } from './ico-fixtures';
import { API, ok, page, renderAt, T0 } from './ipo-fixtures';
import { screenHooks } from '../support/screen-hooks';

let answer: Ico = ico();
let sales: Ico[] = [ico(), upcomingIco()];
let mine: IcoCommitment[] = [];

const server = setupServer(
  http.post(`${API}/coin/new/info`, () => ok(answer)),
  http.post(`${API}/coin/new/list`, () => ok(page(sales))),
  http.post(`${API}/coin/order/new/list`, () => ok(page(mine))),
);

screenHooks(server, {
  now: T0,
  reset: () => {
    answer = ico();
    sales = [ico(), upcomingIco()];
    mine = [];
  },
});

const text = (testId: string) => screen.getByTestId(testId).textContent?.replace(/\u00a0/g, ' ');

describe('coin sale screens', () => {
  it('lists the sales with status, price, total committed and countdown', async () => {
    renderAt('/pages/coinICO/icoList', IcoListScreen);
    const card = await screen.findByTestId('ico-5');
    expect(card.getAttribute('href')).toBe('/pages/coinICO/icoDetail?id=5');
    expect(text('ico-5-status')).toBe('Katılıma açık');
    expect(text('ico-5-committed')).toBe('150,00 USDT');
    // The amount on sale with its unit: a bare "1.000" reads as USDT beside the price.
    expect(text('ico-5-offered')).toMatch(/^1\.000(,00)? TOKN$/);
    expect(text('ico-5-countdown')).toBe('Kapanışa 2 gün 00:00:00'); // as the IPO countdown words it
    expect(text('ico-6-status')).toBe('Yakında');
    expect(screen.getByTestId('ico-mine').getAttribute('href')).toBe('/pages/coinICO/applyList');
  });

  it('shows a sale in full with its terms, live totals and the commit action, in both languages', async () => {
    renderAt('/pages/coinICO/icoDetail?id=5', IcoDetailScreen);
    await screen.findByTestId('ico-detail');
    expect(text('ico-price')).toBe('0,10 USDT');
    expect(text('ico-offered')).toBe('1.000 TOKN');
    expect(text('ico-offered-value')).toBe('100,00 USDT');
    expect(text('ico-limits')).toBe('10,00 USDT – 500,00 USDT');
    expect(text('ico-total')).toBe('150,00 USDT');
    expect(text('ico-subscribed')).toBe('%150,00');
    expect(screen.getByTestId('ico-commit').getAttribute('href')).toBe('/pages/coinICO/icoOrder?id=5');
    cleanup();
    setLanguage('en-US');
    renderAt('/pages/coinICO/icoDetail?id=5', IcoDetailScreen);
    await screen.findByTestId('ico-detail');
    expect(text('ico-status')).toBe('Open for commitments');
    expect(text('ico-subscribed')).toBe('150.00%');
    expect(text('ico-commit')).toBe('Commit');
  });

  it('asks a guest to sign in by the commit button, in both languages', async () => {
    // It read "Katıl" and led to the sign-in screen without saying so, where the IPO's said it.
    clearUserInfo();
    renderAt('/pages/coinICO/icoDetail?id=5', IcoDetailScreen);
    await screen.findByTestId('ico-detail');
    expect(text('ico-commit')).toBe('Katılmak için giriş yapın');
    cleanup();
    setLanguage('en-US');
    renderAt('/pages/coinICO/icoDetail?id=5', IcoDetailScreen);
    await screen.findByTestId('ico-detail');
    expect(text('ico-commit')).toBe('Sign in to commit');
  });

  it("a listed sale's bar leads to the token's market, in both languages", async () => {
    // It offered only a disabled "closed" button once the token traded.
    answer = ico({ status: 'listed' });
    renderAt('/pages/coinICO/icoDetail?id=5', IcoDetailScreen);
    const go = await screen.findByTestId('ico-see-pair');
    expect(go.getAttribute('href')).toBe(`/pages/coin/index?symbol=${answer.pair}`);
    expect(text('ico-see-pair')).toBe(`${answer.pair} piyasasına git`);
    expect(text('ico-commit-closed')).toBe('Katılım dönemi kapandı');
    cleanup();
    setLanguage('en-US');
    renderAt('/pages/coinICO/icoDetail?id=5', IcoDetailScreen);
    expect((await screen.findByTestId('ico-see-pair')).textContent).toBe(`Go to ${answer.pair}`);
  });

  it('says why one cannot commit: not open yet, or already committed', async () => {
    answer = upcomingIco();
    renderAt('/pages/coinICO/icoDetail?id=6', IcoDetailScreen);
    expect((await screen.findByTestId('ico-commit-closed')).textContent).toBe(
      'Katılım dönemi henüz başlamadı',
    );
    cleanup();
    answer = ico({ myCommitted: '50' });
    renderAt('/pages/coinICO/icoDetail?id=5', IcoDetailScreen);
    expect((await screen.findByTestId('ico-committed')).textContent?.replace(/\u00a0/g, ' ')).toBe(
      'Bu satışa 50,00 USDT ile katıldınız',
    );
  });

  it('offers a chooser when opened without an id', async () => {
    renderAt('/pages/coinICO/icoDetail', IcoDetailScreen);
    const chooser = await screen.findByTestId('ico-chooser');
    expect((await within(chooser).findByTestId('ico-6')).getAttribute('href')).toBe(
      '/pages/coinICO/icoDetail?id=6',
    );
  });

  it('lists my commitments: committed, spent, refunded, tokens and status', async () => {
    mine = [
      commitment('41'),
      commitment('42', {
        status: 'completed',
        committed: '300',
        spent: '74.906',
        refunded: '225.094',
        tokens: '749.06',
        allocatedAt: T0,
        refundedAt: T0,
        creditedAt: T0,
      }),
    ];
    renderAt('/pages/coinICO/applyList', ApplyListScreen);
    await screen.findByTestId('commitment-list');
    expect(text('commitment-41-status')).toBe('Dağıtım bekleniyor');
    expect(text('commitment-41-spent')).toBe('--');
    expect(text('commitment-41-tokens')).toBe('--');
    expect(text('commitment-42-status')).toBe('Tokenlar aktarıldı');
    expect(text('commitment-42-committed')).toBe('300,00 USDT');
    expect(text('commitment-42-spent')).toBe('74,906 USDT');
    expect(text('commitment-42-refunded')).toBe('225,094 USDT');
    expect(text('commitment-42-tokens')).toBe('749,06 TOKN');
  });

  it('says when there are no commitments and where to find sales', async () => {
    renderAt('/pages/coinICO/applyList', ApplyListScreen);
    expect((await screen.findByTestId('commitments-browse')).getAttribute('href')).toBe(
      '/pages/coinICO/icoList',
    );
  });
});
