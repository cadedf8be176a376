// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { OptionPosition, OptionStatistics } from '../../domain/protocol/options';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import OptionScreen from '../../src/screens/options/option-screen';
import { REPRICE_HOLD_MS } from '../../src/screens/options/option-sheet';
import { resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import {
  API,
  brokerQuote,
  formOf,
  ok,
  page,
  position,
  profile,
  refuse,
  renderAt,
  newFeed,
  rule,
  stats,
  T0,
  tick,
} from './options-fixtures';
import { orderTestServer } from './order-fixtures';

/**
 * Bought an hour before the tests' now at 4.8573 a share (971.46 + 5 fee = 976.46: the server's
 * record, kept as the fixtures give it). Now, at S 300, the model gives 4.85729994662799 a share
 * (Python's math.erf), which the server truncates to 4.8572.
 */
const OPEN = position('11');
/** The 290 call settled at 305.40: (305.40 − 290) × 100 × 2 = 3080 credited; 3080 − 976.46 = 2103.54. */
const EXPIRED = position('9', {
  strike: '290',
  status: 'expired',
  closePrice: '305.4',
  payoff: '3080',
  closeFee: '0',
  pnl: '2103.54',
  pnlRatio: '2.1542',
  closedAt: T0 - 86_400_000,
});

let openList: OptionPosition[] = [];
let history: OptionPosition[] = [];
let totals: OptionStatistics = stats();
let statsFail = false;
let closeRefusal: string | null = null;
let sent: Record<string, string>[] = [];
let ruleAnswer = rule();
/** Refusals with QUOTE_EXPIRED still to give before the close goes through. */
let staleAnswers = 0;
/** The close quotes asked for, and the premiums the broker quotes in turn (then 4.7). */
let quoted: Record<string, string>[] = [];
let quotePremiums: string[] = [];

orderTestServer(
  [
    http.get(`${API}/stock/index/option/rule`, () => ok(ruleAnswer)),
    http.post(`${API}/user/info`, () => ok(profile())),
    http.get(`${API}/stock/order/option/statistics`, () => (statsFail ? HttpResponse.error() : ok(totals))),
    http.get(`${API}/stock/order/option/list`, ({ request }) => {
      const status = new URL(request.url).searchParams.get('status');
      return ok(page(status === 'open' ? openList : [...openList, ...history]));
    }),
    http.post(`${API}/stock/order/option/apply`, async ({ request }) => {
      const body = await formOf(request);
      if (body.action === 'quote') {
        quoted.push(body);
        const premium = quotePremiums.shift() ?? '4.7';
        const contracts = body.contracts ?? '2';
        return ok(brokerQuote(`c${quoted.length}`, premium, contracts, { side: 'close', id: body.id ?? '' }));
      }
      sent.push(body);
      if (closeRefusal) return refuse(closeRefusal);
      if (staleAnswers > 0) {
        staleAnswers -= 1;
        return refuse('QUOTE_EXPIRED');
      }
      const closed = position('11', {
        status: 'closed',
        closePrice: '300',
        // The close quote below: 935.00 credited; 935 − 976.46 = −41.46; −41.46 / 976.46 = −0.04245…
        payoff: '935',
        closeFee: '5',
        pnl: '-41.46',
        pnlRatio: '-0.0424',
        closedAt: T0,
      });
      openList = [];
      history = [closed, ...history];
      return ok(closed);
    }),
  ],
  () => {
    resetMarket();
    setMarketDataApi(newFeed());
    openList = [OPEN];
    history = [EXPIRED];
    totals = stats({
      premiumPaid: '1942.92',
      feesPaid: '10',
      payoffReceived: '3080',
      pnl: '2103.54',
      wins: 1,
      losses: 0,
      open: 1,
    });
    statsFail = false;
    closeRefusal = null;
    sent = [];
    ruleAnswer = rule();
    staleAnswers = 0;
    quoted = [];
    quotePremiums = [];
  },
);

const text = (testId: string, root: HTMLElement = document.body) =>
  within(root).getByTestId(testId).textContent;

async function openPositions() {
  renderAt('/pages/stock/option?tab=positions', OptionScreen);
  return screen.findByTestId('option-positions');
}

describe('option positions', () => {
  it('shows a skeleton, then the empty states with the next step', async () => {
    openList = [];
    history = [];
    totals = stats();
    renderAt('/pages/stock/option?tab=positions', OptionScreen);
    expect(screen.getByRole('status').getAttribute('aria-busy')).toBe('true');
    await screen.findByTestId('option-positions');
    const empty = screen.getAllByTestId('empty-state').map((node) => node.textContent);
    expect(empty).toEqual([
      'Açık opsiyon pozisyonunuz yokBir hissenin sayfasındaki Opsiyon düğmesiyle alım veya satım opsiyonu alabilirsiniz.',
      'Henüz uzlaşan veya kapanan opsiyon yok',
    ]);
    expect(text('stat-pnl')).toBe('₺0,00');
  });

  it('shows an error with retry when the totals cannot be read', async () => {
    statsFail = true;
    renderAt('/pages/stock/option?tab=positions', OptionScreen);
    await screen.findByTestId('error-state');
    statsFail = false;
    fireEvent.click(screen.getByTestId('retry'));
    await screen.findByTestId('option-positions');
  });

  it('values open positions live, and shows the ledger totals and the settled history', async () => {
    await openPositions();
    expect(text('stat-premium')).toBe('₺1.942,92');
    expect(text('stat-payoff')).toBe('₺3.080,00');
    // P&L in TRY with its sign, as everywhere else in the app.
    expect(text('stat-pnl')).toBe('+₺2.103,54');
    // The summary's payoffs are gross (a close's fee is in the fees), a row's is what was credited:
    // each label says which.
    expect(screen.getByTestId('stat-payoff').parentElement?.textContent).toContain(
      'Alınan ödemeler (komisyon öncesi)',
    );
    expect(text('stat-wins')).toBe('1 / 0');

    const row = await screen.findByTestId('option-open-11');
    // Before a tick, on the rule's spot 300: the premium 4.8572 × 200 = 971.44 model value;
    // closing pays 4.8572 × 0.98 = 4.760056 → 4.7600 (truncated) × 200 = 952.00; fee 0.95 < 5 → 5;
    // 952.00 − 5 = 947.00; − 976.46 cost = −29.46.
    await waitFor(() => expect(text('open-value', row)).toBe('₺840,82'));
    expect(text('open-pnl', row)).toBe('-₺157,46');
    await tick('THYAO', '310');
    // Model 12.137232002718463 → 12.1372; × 200 = 2427.44; 12.1372 × 0.98 = 11.894456 → 11.8944
    // × 200 = 2378.88 − 5 = 2373.88; − 976.46 = 1397.42.
    expect(text('open-value', row)).toBe('₺2.213,48');
    expect(text('open-pnl', row)).toBe('+₺1.187,74');
    expect(text('option-group-spot-THYAO')).toBe('₺310,00');

    const settled = screen.getByTestId('option-history-9');
    expect(text('history-close-price', settled)).toBe('₺305,40');
    expect(text('history-payoff', settled)).toBe('₺3.080,00');
    expect(text('history-pnl', settled)).toBe('+₺2.103,54');
    expect(settled.textContent).toContain('Hesabınıza geçen (komisyon sonrası)');
    expect(text('history-ratio', settled)).toBe('+%215,42');
    expect(settled.textContent).toContain('Vadesinde uzlaştı');
  });

  it("closes at the broker's quote: its price and proceeds in the sheet, its id sent; then moves it to history", async () => {
    await openPositions();
    const row = await screen.findByTestId('option-open-11');
    await waitFor(() => expect(text('open-value', row)).toBe('₺840,82'));
    fireEvent.click(within(row).getByTestId('option-close-11'));
    const sheet = await screen.findByTestId('option-close-confirm');
    expect(await within(sheet).findByTestId('option-close-confirm-quote-timer')).toHaveProperty(
      'textContent',
      'Fiyat 10 sn geçerli',
    );
    expect(quoted).toEqual([{ action: 'quote', side: 'close', id: '11' }]);
    expect(text('close-spot', sheet)).toBe('₺300,00');
    // The quote's figures, not the model's (4.7600 a share on the row): 4.7 × 200 = 940.00 gross,
    // the 5 TL minimum fee, 935.00 paid exactly (no floor at the tolerance); − 976.46 = −41.46.
    expect(text('close-premium', sheet)).toBe('₺4,7000');
    expect(text('close-gross', sheet)).toBe('₺940,00');
    expect(text('close-fee', sheet)).toBe('₺5,00');
    expect(text('close-proceeds', sheet)).toBe('₺935,00');
    expect(text('close-pnl', sheet)).toBe('-₺41,46');
    expect(within(sheet).queryByTestId('close-min-proceeds')).toBeNull();
    expect(sheet.textContent).toContain('Kapanış primi (%2,00 fark düşülmüş)');
    fireEvent.click(within(sheet).getByTestId('option-close-confirm-submit'));
    const done = await screen.findByTestId('option-closed-result');
    expect(sent).toEqual([{ action: 'close', id: '11', premium: '4.7', quoteId: 'c1' }]);
    expect(text('closed-proceeds', done)).toBe('₺935,00');
    await waitFor(() => expect(screen.queryByTestId('option-open-11')).toBeNull());
    expect(screen.getByTestId('option-history-11').textContent).toContain('Erken kapatıldı');
  });

  it('closes one of the two contracts at a quote for one, against that contract’s share of the cost', async () => {
    await openPositions();
    const row = await screen.findByTestId('option-open-11');
    await waitFor(() => expect(text('open-value', row)).toBe('₺840,82'));
    fireEvent.click(within(row).getByTestId('option-close-11'));
    const sheet = await screen.findByTestId('option-close-confirm');
    await within(sheet).findByTestId('option-close-confirm-quote-timer');
    // All of it by default: the quote asked for names no count.
    expect(within(sheet).getByTestId<HTMLSelectElement>('close-contracts').value).toBe('2');
    fireEvent.change(within(sheet).getByTestId('close-contracts'), { target: { value: '1' } });
    await waitFor(() => expect(quoted).toHaveLength(2));
    expect(quoted[1]).toEqual({ action: 'quote', side: 'close', id: '11', contracts: '1' });
    // 4.7 × 100 = 470.00 gross, the 5 TL minimum fee, 465.00 paid; the contract's share of what the
    // two cost: 971.46 / 2 = 485.73 and 5.00 / 2 = 2.50 → 488.23; P&L 465.00 − 488.23 = −23.23.
    await waitFor(() => expect(text('close-gross', sheet)).toBe('₺470,00'));
    expect(text('close-proceeds', sheet)).toBe('₺465,00');
    expect(text('close-pnl', sheet)).toBe('-₺23,23');
    await waitFor(() =>
      expect(within(sheet).getByTestId<HTMLButtonElement>('option-close-confirm-submit').disabled).toBe(
        false,
      ),
    );
    fireEvent.click(within(sheet).getByTestId('option-close-confirm-submit'));
    await screen.findByTestId('option-closed-result');
    expect(sent).toEqual([{ action: 'close', id: '11', contracts: '1', premium: '4.7', quoteId: 'c2' }]);
  });

  it('a close quote the broker calls expired: a new one, its figures seen before confirm', async () => {
    staleAnswers = 1;
    quotePremiums = ['4.7', '11.8944'];
    await openPositions();
    const row = await screen.findByTestId('option-open-11');
    await waitFor(() => expect(text('open-value', row)).toBe('₺840,82'));
    fireEvent.click(within(row).getByTestId('option-close-11'));
    const sheet = await screen.findByTestId('option-close-confirm');
    await within(sheet).findByTestId('option-close-confirm-quote-timer');
    const submit = within(sheet).getByTestId<HTMLButtonElement>('option-close-confirm-submit');
    fireEvent.click(submit);
    await within(sheet).findByTestId('option-close-confirm-quote-expired');
    expect(submit.disabled).toBe(true);
    fireEvent.click(within(sheet).getByTestId('option-close-confirm-quote-refresh'));
    // 11.8944 × 200 = 2378.88 − 5 = 2373.88.
    await waitFor(() => expect(text('close-proceeds', sheet)).toBe('₺2.373,88'));
    // Confirm waits a moment after the new figures, so a double-tap cannot sell at a price unseen.
    expect(submit.disabled).toBe(true);
    await waitFor(() => expect(submit.disabled).toBe(false), { timeout: REPRICE_HOLD_MS + 1000 });
    fireEvent.click(submit);
    await screen.findByTestId('option-closed-result');
    expect(sent.map((body) => [body.quoteId, body.premium])).toEqual([
      ['c1', '4.7'],
      ['c2', '11.8944'],
    ]);
  });

  it('shows a refused close by its key and re-reads the positions', async () => {
    closeRefusal = 'OPTION_NOT_OPEN';
    await openPositions();
    const row = await screen.findByTestId('option-open-11');
    await waitFor(() => expect(text('open-value', row)).toBe('₺840,82'));
    fireEvent.click(within(row).getByTestId('option-close-11'));
    const sheet = await screen.findByTestId('option-close-confirm');
    await within(sheet).findByTestId('option-close-confirm-quote-timer');
    fireEvent.click(within(sheet).getByTestId('option-close-confirm-submit'));
    expect((await screen.findByTestId('option-close-error')).textContent).toBe(
      'Bu opsiyon pozisyonu zaten kapandı.',
    );
    expect(screen.queryByTestId('option-close-confirm')).toBeNull();
  });

  it('reads in English with en-US numbers', async () => {
    setLanguage('en-US');
    await openPositions();
    const row = await screen.findByTestId('option-open-11');
    await waitFor(() => expect(text('open-value', row)).toBe('₺840.82'));
    expect(row.textContent).toContain('Call option');
    expect(text('history-ratio')).toBe('+215.42%');
    expect(screen.getByTestId('option-history-9').textContent).toContain('Settled at expiry');
  });
});
