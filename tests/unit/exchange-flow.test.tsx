// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { typeKeys } from '../support/type-keys';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../src/i18n/setup';
import CryptoConvertScreen from '../../src/screens/exchange/crypto-convert-screen';
import StockExchangeScreen from '../../src/screens/exchange/stock-exchange-screen';
import { setLanguage } from '../../src/state/prefs';
import { flushMarketData, setMarketDataApi } from '../../src/market/client';
import { FakeMarketData } from '../support/fake-market-data';
import {
  BALANCES,
  answer,
  envelopeError,
  exchangeHandlers,
  renderScreen,
  tryQuote,
  type ExchangeReply,
  type Sent,
} from './exchange-support';

/**
 * TRY → USDT from quote to booking: the quote card shows every figure and counts down; once the
 * quote has expired the confirm button is "Refresh quote" (nothing stale can be confirmed); the
 * server's QUOTE_EXPIRED shows its words and re-quotes only on the user's tap; a booking asks the
 * trade password and ends on the result with the ledger reference.
 */
const sent: Sent[] = [];
const counts = { assets: 0 };
let reply: ExchangeReply = () => answer(tryQuote());
const server = setupServer(...exchangeHandlers(sent, (body, n) => reply(body, n), counts));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
let fake: FakeMarketData;
beforeEach(() => {
  fake = new FakeMarketData();
  setMarketDataApi(fake);
  setLanguage('en-US');
  sent.length = 0;
  counts.assets = 0;
  reply = () => answer(tryQuote());
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function quoteFor(amount: string) {
  renderScreen('/pages/exchange/stock', <StockExchangeScreen />);
  const input = await screen.findByTestId('exchange-amount');
  fireEvent.change(input, { target: { value: amount } });
  fireEvent.click(screen.getByTestId('exchange-quote'));
  return screen.findByTestId('quote-card');
}

/** Confirms the quote on screen: opens the sheet, types the trade password, sends; the sheet. */
async function confirmQuote(password = '135790') {
  fireEvent.click(screen.getByTestId('quote-confirm'));
  const sheet = await screen.findByTestId('exchange-sheet');
  fireEvent.change(within(sheet).getByTestId('exchange-sheet-password'), { target: { value: password } });
  fireEvent.click(within(sheet).getByTestId('exchange-sheet-submit'));
  return sheet;
}

describe('exchange quote and booking', () => {
  it('shows the screen, the available TRY and every figure of the quote', async () => {
    const card = await quoteFor('100');
    expect(document.querySelector('[data-screen="/pages/exchange/stock"]')).not.toBeNull();
    expect(screen.getByText('Available: ₺1,000.00')).toBeTruthy();
    expect(sent).toEqual([{ from: 'TRY', to: 'USDT', amount: '100' }]);
    const figures = within(card);
    expect(figures.getByTestId('quote-rate').textContent).toBe('1 TRY = 0.0227334 USDT');
    // 1 / 0.02273348519 = 43.98797…: the price of a USDT in lira, truncated to the kuruş as prices are.
    expect(figures.getByTestId('quote-inverse').textContent).toBe('1 USDT ≈ 43.98 TRY');
    // At the quote's precision, every place shown, so the two rates line up.
    expect(figures.getByTestId('quote-mid').textContent).toBe('1 TRY = 0.0228050 USDT');
    expect(figures.getByTestId('quote-spread').textContent).toBe('0.313%');
    expect(figures.getByText('Fee (0.100%)')).toBeTruthy();
    // Amounts at the currency's display decimals, as the wallets and the transfer result show them:
    // USDT in cents, truncated (2.27107516 → 2.27); the fee with the places that keep it from
    // reading 0.00 (0.00227335 → 0.002).
    expect(figures.getByTestId('quote-pay').textContent).toBe('₺100.00');
    expect(figures.getByTestId('quote-fee').textContent).toBe('0.002\u00a0USDT');
    expect(figures.getByTestId('quote-receive').textContent).toBe('2.27\u00a0USDT');
  });

  it('counts down, then offers only a refresh, which asks again with the same terms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'Date'] });
    await quoteFor('100');
    expect(screen.getByTestId('quote-countdown').textContent).toBe('Valid for 10 s');
    act(() => vi.advanceTimersByTime(3000));
    expect(screen.getByTestId('quote-countdown').textContent).toBe('Valid for 7 s');
    act(() => vi.advanceTimersByTime(7000));
    expect(screen.queryByTestId('quote-confirm')).toBeNull();
    expect(screen.queryByTestId('quote-countdown')).toBeNull();
    expect(screen.getByTestId('quote-expired').textContent).toContain('expired');
    reply = () => answer(tryQuote('q2'));
    fireEvent.click(screen.getByTestId('quote-refresh'));
    await screen.findByTestId('quote-confirm');
    expect(sent).toEqual([
      { from: 'TRY', to: 'USDT', amount: '100' },
      { from: 'TRY', to: 'USDT', amount: '100' },
    ]);
    expect(screen.getByTestId('quote-countdown').textContent).toBe('Valid for 10 s');
  });

  it('books the quote with the trade password and shows the result', async () => {
    reply = (body) => (body.quoteId ? answer(tryQuote(), '77') : answer(tryQuote()));
    await quoteFor('100');
    fireEvent.click(screen.getByTestId('quote-confirm'));
    const sheet = await screen.findByTestId('exchange-sheet');
    expect(within(sheet).getByTestId('quote-receive').textContent).toBe('2.27\u00a0USDT');
    // The hint says why the password is asked; it said "you chose to confirm orders…", untrue here.
    expect(sheet.textContent).toContain(
      'An exchange is always confirmed with your 6-digit transaction password',
    );
    expect(sheet.textContent).not.toContain('You chose');
    fireEvent.change(within(sheet).getByTestId('exchange-sheet-password'), { target: { value: '135790' } });
    fireEvent.click(within(sheet).getByTestId('exchange-sheet-submit'));
    const done = await screen.findByTestId('exchange-done');
    // The quote and its button are gone: the result's title has focus, so a screen reader reads it.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Exchange complete'));
    expect(sent[1]).toEqual({
      from: 'TRY',
      to: 'USDT',
      amount: '100',
      quoteId: 'q1',
      tradePassword: '135790',
      requestId: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
    });
    // The result as the transfer's reads: two decimals for USDT, not eight.
    expect(done.textContent).toContain('₺100.00 exchanged for 2.27\u00a0USDT.');
    expect(within(done).getByTestId('done-receive').textContent).toBe('2.27\u00a0USDT');
    expect(within(done).getByTestId('done-reference').textContent).toBe('#77');
    expect(within(done).getByTestId('done-funds').getAttribute('href')).toBe('/pages/fundsDetail/index');
    // The balances are read again after the booking, behind the result: it is not taken down for
    // a skeleton while they load (it used to vanish and come back, its focus lost).
    await waitFor(() => expect(counts.assets).toBe(2));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('exchange-done')).toBe(done);
  });

  it('on QUOTE_EXPIRED shows the server’s words and re-quotes only when tapped', async () => {
    reply = (body) =>
      body.quoteId
        ? envelopeError('QUOTE_EXPIRED', 'The rate has changed; please check the new quote.')
        : answer(tryQuote());
    await quoteFor('100');
    await confirmQuote();
    expect((await screen.findByTestId('quote-expired')).textContent).toBe(
      'The rate has changed; please check the new quote.',
    );
    expect(screen.queryByTestId('exchange-sheet')).toBeNull();
    expect(screen.queryByTestId('quote-confirm')).toBeNull();
    expect(sent).toHaveLength(2);
    fireEvent.click(screen.getByTestId('quote-refresh'));
    await screen.findByTestId('quote-confirm');
    expect(sent[2]).toEqual({ from: 'TRY', to: 'USDT', amount: '100' });
  });

  it('resends the booking’s requestId after a lost answer, and a new conversion gets a new one', async () => {
    // The first booking's answer is lost (the broker may have booked it): the retry must carry the
    // same requestId, so the broker answers the first booking instead of QUOTE_NOT_FOUND ("ask for
    // a new quote"), which read as nothing done and led to converting twice.
    reply = (body, n) =>
      !body.quoteId ? answer(tryQuote()) : n === 1 ? HttpResponse.error() : answer(tryQuote(), '77');
    await quoteFor('100');
    const sheet = await confirmQuote();
    expect((await within(sheet).findByTestId('exchange-sheet-error')).textContent).toBe(
      i18n.t('NETWORK_ERROR', { ns: 'errors' }),
    );
    await waitFor(() =>
      expect(within(sheet).getByTestId('exchange-sheet-submit')).toHaveProperty('disabled', false),
    );
    fireEvent.click(within(sheet).getByTestId('exchange-sheet-submit'));
    await screen.findByTestId('exchange-done');
    const first = sent[1]?.requestId;
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[2]?.requestId).toBe(first);
    // The same terms again, after that conversion went through: another conversion, another id.
    fireEvent.click(screen.getByTestId('done-again'));
    fireEvent.change(await screen.findByTestId('exchange-amount'), { target: { value: '100' } });
    fireEvent.click(screen.getByTestId('exchange-quote'));
    fireEvent.click(await screen.findByTestId('quote-confirm'));
    const next = await screen.findByTestId('exchange-sheet');
    fireEvent.change(within(next).getByTestId('exchange-sheet-password'), { target: { value: '135790' } });
    fireEvent.click(within(next).getByTestId('exchange-sheet-submit'));
    await waitFor(() => expect(sent).toHaveLength(5));
    expect(sent[4]?.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[4]?.requestId).not.toBe(first);
  });

  it('keeps the requestId after REQUEST_IN_PROGRESS, even after leaving the screen and a new quote', async () => {
    // The booking's answer is lost, the retry is told the first is still running (its outcome not
    // known): the conversion may have gone through. Ending the intent there made the next
    // confirmation, after leaving and coming back, a second conversion under a new id.
    reply = (body, n) =>
      !body.quoteId
        ? answer(tryQuote(n < 3 ? 'q1' : 'q2'))
        : n === 1
          ? HttpResponse.error()
          : n === 2
            ? envelopeError('REQUEST_IN_PROGRESS', 'Check your records before trying again.')
            : answer(tryQuote('q2'), '78');
    await quoteFor('100');
    const sheet = await confirmQuote();
    await within(sheet).findByTestId('exchange-sheet-error');
    await waitFor(() =>
      expect(within(sheet).getByTestId('exchange-sheet-submit')).toHaveProperty('disabled', false),
    );
    fireEvent.click(within(sheet).getByTestId('exchange-sheet-submit'));
    await within(sheet).findByText('Check your records before trying again.');
    cleanup();

    await quoteFor('100');
    await confirmQuote();
    await screen.findByTestId('exchange-done');
    expect(sent.map((body) => body.quoteId)).toEqual([undefined, 'q1', 'q1', undefined, 'q2']);
    expect(sent[1]?.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(sent[2]?.requestId).toBe(sent[1]?.requestId);
    expect(sent[4]?.requestId).toBe(sent[1]?.requestId);
  });

  it('after REQUEST_ID_REUSED the sheet and its quote go; a new quote of the same terms is a new conversion', async () => {
    // The booking of a lost answer went through; a fresh quote's booking under its id is refused
    // (REQUEST_ID_REUSED, "check your records, then start again"). Otherwise the sheet stays
    // open with its confirm button, and one more tap converted a second time. Starting again
    // must still work, by asking for a new quote.
    reply = (body, n) =>
      !body.quoteId
        ? answer(tryQuote())
        : n === 1
          ? envelopeError('REQUEST_ID_REUSED', 'Check your records, then start again.')
          : answer(tryQuote(), '78');
    await quoteFor('100');
    await confirmQuote();
    expect((await screen.findByTestId('exchange-error')).textContent).toContain(
      'A conversion of this amount was sent a moment ago and may have gone through; its answer did not reach you. Check your records before converting again; to convert again, ask for a new quote.',
    );
    expect(screen.queryByTestId('exchange-sheet')).toBeNull();
    expect(screen.queryByTestId('quote-card')).toBeNull();
    expect(sent.filter((body) => body.quoteId)).toHaveLength(1);

    fireEvent.click(screen.getByTestId('exchange-quote'));
    await screen.findByTestId('quote-card');
    await confirmQuote();
    await screen.findByTestId('exchange-done');
    const bookings = sent.filter((body) => body.quoteId);
    expect(bookings).toHaveLength(2);
    expect(bookings[0]?.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(bookings[1]?.requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(bookings[1]?.requestId).not.toBe(bookings[0]?.requestId);
  });

  it('re-reads the available balance when the private channel says the wallets moved', async () => {
    // A booking's answer on its way, the screen left and opened again: the booking went
    // through, the form showed the balance from before it (and offered the same conversion again).
    renderScreen('/pages/exchange/stock', <StockExchangeScreen />);
    await screen.findByText('Available: ₺1,000.00');
    const reads = counts.assets;
    BALANCES[0]!.available = '900';
    try {
      fake.push({ events: [{ ch: 'balances', data: {} }] });
      await act(async () => {
        await flushMarketData();
      });
      await screen.findByText('Available: ₺900.00');
      expect(counts.assets).toBe(reads + 1);
    } finally {
      BALANCES[0]!.available = '1000';
    }
  });

  it('keeps a wrong trade password inside the sheet', async () => {
    reply = (body) =>
      body.quoteId ? envelopeError('TRADE_PASSWORD_INCORRECT', 'İşlem şifresi hatalı.') : answer(tryQuote());
    setLanguage('tr-TR');
    await quoteFor('100');
    const sheet = await confirmQuote('000000');
    expect((await within(sheet).findByTestId('exchange-sheet-error')).textContent).toBe(
      'İşlem şifresi hatalı.',
    );
  });

  it.each([
    ['en-US', '1000.01', 'More than your available ₺1,000.00.'],
    ['en-US', '1.001', 'TRY takes at most 2 decimal places.'],
    ['en-US', '0', 'The amount must be greater than 0.'],
    ['tr-TR', '1.000,01', 'Kullanılabilir bakiyenizden (₺1.000,00) fazla.'],
  ] as const)('%s: refuses %s before asking the server', async (lang, amount, message) => {
    setLanguage(lang);
    renderScreen('/pages/exchange/stock', <StockExchangeScreen />);
    fireEvent.change(await screen.findByTestId('exchange-amount'), { target: { value: amount } });
    fireEvent.click(screen.getByTestId('exchange-quote'));
    expect((await screen.findByTestId('exchange-amount-error')).textContent).toBe(message);
    expect(sent).toHaveLength(0);
  });

  it('tr-TR: asks whether a typed "10.123" USDT is ten or ten thousand, and reads "10,123" as ten', async () => {
    setLanguage('tr-TR');
    reply = (body) => answer({ ...tryQuote(), from: 'USDT', to: 'BTC', amount: body.amount ?? '' });
    renderScreen('/pages/exchange/cryptoConvert', <CryptoConvertScreen />);
    const input = await screen.findByTestId('exchange-amount');
    typeKeys(input, '10.123');
    // Kept as typed; where USDT takes 3+ decimals a lone point before three digits may be either.
    expect((input as HTMLInputElement).value).toBe('10.123');
    expect(screen.getByTestId('exchange-amount-error').textContent).toContain('iki türlü okunabilir');
    fireEvent.click(screen.getByTestId('exchange-quote'));
    expect(sent).toHaveLength(0);
    fireEvent.change(input, { target: { value: '10,123' } });
    fireEvent.click(screen.getByTestId('exchange-quote'));
    await waitFor(() => expect(sent.at(-1)?.amount).toBe('10.123'));
    expect(screen.queryByTestId('exchange-amount-error')).toBeNull();
  });

  it('shows the server’s amount refusal under the field', async () => {
    reply = () => envelopeError('AMOUNT_BELOW_MINIMUM', 'The minimum amount is 0.02 TRY.');
    renderScreen('/pages/exchange/stock', <StockExchangeScreen />);
    fireEvent.change(await screen.findByTestId('exchange-amount'), { target: { value: '0.01' } });
    fireEvent.click(screen.getByTestId('exchange-quote'));
    expect((await screen.findByTestId('exchange-amount-error')).textContent).toBe(
      'The minimum amount is 0.02 TRY.',
    );
    expect(screen.queryByTestId('quote-card')).toBeNull();
  });

  it('tr-TR: USDT → BTC shows what leaves in full and the coin at its own decimals, before and after', async () => {
    setLanguage('tr-TR');
    // 100.125 USDT at 0.0000102834 = 0.001029625425 BTC; the 0.1% fee half-up at the wallet's 8
    // decimals (domain/funding/exchange.ts) is 0.00000103, what arrives is cut to them: 0.00102859.
    // (At BTC's market step the fee read 0 and 0.001 arrived: 2.9 % kept unseen.)
    const quote = {
      ...tryQuote(),
      from: 'USDT',
      to: 'BTC',
      fromWallet: 'coin' as const,
      amount: '100.125',
      rate: '0.0000102834',
      midRate: '0.0000102845',
      fee: '0.00000103',
      receive: '0.00102859',
    };
    reply = (body) => answer({ ...quote, expiresAt: Date.now() + 10_000 }, body.quoteId ? '78' : undefined);
    renderScreen('/pages/exchange/cryptoConvert', <CryptoConvertScreen />);
    fireEvent.change(await screen.findByTestId('exchange-amount'), { target: { value: '100,125' } });
    fireEvent.click(screen.getByTestId('exchange-quote'));
    const card = within(await screen.findByTestId('quote-card'));
    // Every digit paid shows (a typed third decimal is not cut off), USDT otherwise in cents.
    expect(card.getByTestId('quote-pay').textContent).toBe('100,125\u00a0USDT');
    // 1 / 0.0000102834 = 97244.102…: BTC's price in USDT at USDT's display decimals, truncated.
    expect(card.getByTestId('quote-inverse').textContent).toBe('1 BTC ≈ 97.244,10 USDT');
    expect(card.getByTestId('quote-fee').textContent).toBe('0,00000103\u00a0BTC');
    expect(card.getByTestId('quote-receive').textContent).toBe('0,00102859\u00a0BTC');
    await confirmQuote();
    const done = await screen.findByTestId('exchange-done');
    expect(within(done).getByTestId('done-receive').textContent).toBe('0,00102859\u00a0BTC');
    // Said as done: what was paid and what arrived, not the quote's "to be paid".
    expect(done.textContent).toContain('Ödenen100,125\u00a0USDT');
    expect(done.textContent).toContain('Alınan0,00102859\u00a0BTC');
    expect(done.textContent).not.toContain('Ödenecek');
  });
});
