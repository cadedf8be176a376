// @vitest-environment jsdom
import { fireEvent, screen, within } from '@testing-library/react';
import Decimal from 'decimal.js';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import OptionScreen from '../../src/screens/options/option-screen';
import { resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { API, newFeed, ok, profile, renderAt, rule, settle, T0 } from './options-fixtures';
import { screenHooks } from '../support/screen-hooks';

/**
 * The simulated-returns view on the ticket: today at today's price it reads the quote itself
 * (the worker's premium, P&L 0), at expiry the intrinsic value less the premium, and in between
 * the model's value; its dates in the locale's form.
 */
const server = setupServer(
  http.get(`${API}/stock/index/option/rule`, () => ok(rule())),
  http.post(`${API}/user/assets`, () =>
    ok({
      accountType: 'real',
      balances: [
        { wallet: 'stock', currency: 'TRY', available: '100000', frozen: '0', locked: '0', total: '100000' },
      ],
    }),
  ),
  http.post(`${API}/user/info`, () => ok(profile())),
);

screenHooks(server, {
  now: T0,
  reset: () => {
    resetMarket();
    setMarketDataApi(newFeed());
  },
});

async function openView(): Promise<HTMLElement> {
  renderAt('/pages/stock/option?symbol=THYAO', OptionScreen);
  await screen.findByTestId('option-ticket');
  await settle();
  return screen.findByTestId('option-simulated');
}

const text = (view: HTMLElement, id: string) => within(view).getByTestId(id).textContent;
/** "₺2.1234" → 2.1234 (en-US). */
const amount = (shown: string | null) => new Decimal((shown ?? '').replace(/[^\d.-]/g, ''));
const en = (d: Decimal) => d.toNumber().toLocaleString('en-US', { minimumFractionDigits: 2 });
const move = (view: HTMLElement, id: string, index: number) =>
  fireEvent.change(within(view).getByTestId(id), { target: { value: String(index) } });

describe('simulated returns on the option ticket', () => {
  it('reads the quote today, the intrinsic value at expiry and the model in between (en-US)', async () => {
    setLanguage('en-US');
    const view = await openView();
    // The day's 300 call at 12:00 with the close at 18:00: the dates are every hour, then the close.
    expect(text(view, 'simret-date-value')).toBe('Now · 11/23/2026, 12:00 PM');
    expect(within(view).getByTestId('simret-date').getAttribute('max')).toBe('6');
    const premium = amount(screen.getByTestId('fig-premium').textContent);
    expect(premium.gt(0)).toBe(true);
    // Today at today's price: the option is worth its own premium, to the last digit shown.
    expect(text(view, 'simret-value')).toBe(screen.getByTestId('fig-premium').textContent);
    expect(text(view, 'simret-pnl')).toBe('₺0.00 (0.00%)');

    // At expiry, at today's price (the strike): nothing is paid, the premium × 100 is lost (−100%).
    move(view, 'simret-date', 6);
    expect(text(view, 'simret-date-value')).toBe('At expiry · 11/23/2026, 6:00 PM');
    expect(text(view, 'simret-value')).toBe('₺0.0000');
    const lost = premium.times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    expect(text(view, 'simret-pnl')).toBe(`-₺${en(lost)} (-100.00%)`);
    expect(within(view).queryByTestId('payoff-dated')).toBeNull();

    // The top of the range: 300 + max(6% of 300, 3 × premium) = 318 while the premium is under 6.
    move(view, 'simret-price', 40);
    expect(text(view, 'simret-price-value')).toBe('₺318.00');
    expect(text(view, 'simret-value')).toBe('₺18.0000');
    const gain = new Decimal(18).minus(premium).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    // The ratio is P&L / premium paid, truncated to 4 places of the ratio (2 of the percentage).
    const ratio = gain.div(premium.times(100)).toDecimalPlaces(4, Decimal.ROUND_DOWN).times(100);
    expect(text(view, 'simret-pnl')).toBe(`+₺${en(gain)} (+${en(ratio)}%)`);

    // An hour from now the 318 call is worth a little more than its 18 of intrinsic value, and
    // that date's curve is drawn beside the one at expiry.
    move(view, 'simret-date', 1);
    expect(text(view, 'simret-date-value')).toBe('11/23/2026, 1:00 PM');
    expect(amount(text(view, 'simret-value')).gt(18)).toBe(true);
    expect(within(view).getByTestId('payoff-dated')).toBeTruthy();
    expect(text(view, 'payoff-dated-label')).toBe('11/23/2026, 1:00 PM');
  });

  it('shows its dates in the Turkish form, 24-hour, in tr-TR', async () => {
    setLanguage('tr-TR');
    const view = await openView();
    expect(text(view, 'simret-date-value')).toBe('Şimdi · 23.11.2026 12:00');
    move(view, 'simret-date', 6);
    expect(text(view, 'simret-date-value')).toBe('Vadede · 23.11.2026 18:00');
  });
});
