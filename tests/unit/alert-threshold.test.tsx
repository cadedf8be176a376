// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import '../../src/screens/alerts/alerts-i18n';
import { AlertForm } from '../../src/screens/alerts/alert-form';
import { applyPatch, resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { tickerView } from '../support/fake-market-data';

/**
 * The alert level is typed into the one amount field: read whole, its slips named, and a price
 * level held to the broker's own rule (domain/alerts/level) before anything is sent — "0" is
 * "greater than 0", and 99,999,999 on a ~300 TL stock is a typo, not an alert that never fires.
 */
const API = `${location.origin}/ipxtrg-api`;
const sent: Record<string, string>[] = [];
const server = setupServer(
  http.post(`${API}/user/alert/add`, async ({ request }) => {
    sent.push(Object.fromEntries(new URLSearchParams(await request.text())));
    return HttpResponse.json({
      code: -1001,
      key: 'ALERT_ALREADY_PAST',
      msg: 'refused by the broker',
      data: null,
    });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  sent.length = 0;
  resetMarket();
});
afterEach(() => {
  cleanup();
  setLanguage('tr-TR');
});

function renderForm(lang: 'tr-TR' | 'en-US', withPrice: boolean) {
  setLanguage(lang);
  if (withPrice) act(() => applyPatch({ tickers: { THYAO: tickerView('THYAO', '305.25') } }));
  render(<AlertForm prefill={{ symbol: 'THYAO', kind: 'above', threshold: '' }} onAdded={() => {}} />);
}

const level = (text: string) =>
  fireEvent.change(screen.getByTestId('alert-threshold'), { target: { value: text } });
const add = () => fireEvent.click(screen.getByTestId('alert-add'));
const error = () => screen.queryByTestId('alert-threshold-error')?.textContent ?? null;

describe('the alert level field', () => {
  it('says 0 must be greater than 0, in both languages, and sends nothing', () => {
    renderForm('tr-TR', false);
    level('0');
    add();
    expect(error()).toBe("Alarm fiyatı 0'dan büyük olmalıdır.");
    cleanup();
    renderForm('en-US', false);
    level('0,00');
    add();
    expect(error()).toBe('The alert price must be greater than 0.');
    expect(sent).toEqual([]);
  });

  it('refuses a level far outside 0.01×–100× the last price, naming the band', () => {
    renderForm('tr-TR', true);
    level('99.999.999');
    expect(error()).toBeNull();
    add();
    expect(error()).toBe(
      '99.999.999, 305,25 olan fiyattan çok uzak: 3,0525 ile 30.525 arasında bir seviye seçin.',
    );
    cleanup();
    renderForm('en-US', true);
    level('99,999,999');
    add();
    expect(error()).toBe(
      '99,999,999 is too far from the price of 305.25: choose a level from 3.0525 to 30,525.',
    );
    expect(sent).toEqual([]);
  });

  it('names a sign or an exponent as it is typed, keeps the text, and sends nothing', () => {
    renderForm('en-US', true);
    level('-320');
    expect(screen.getByTestId<HTMLInputElement>('alert-threshold').value).toBe('-320');
    expect(error()).toBe('Enter a number greater than 0, without a sign (no − or +).');
    add();
    level('3e2');
    expect(error()).toBe('Write the number out in full, without an e (not 1e5 but 100000).');
    add();
    expect(sent).toEqual([]);
  });

  it('sends a level it reads, canonical, and shows the broker’s refusal under the field', async () => {
    renderForm('tr-TR', true);
    level('1.312,5');
    add();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ symbol: 'THYAO', kind: 'above', threshold: '1312.5' });
    await waitFor(() => expect(error()).toBe('refused by the broker'));
    // An edit clears what was said of the level before; a lone point before three digits of a
    // price that may take 8 decimals is asked, not guessed.
    level('1312');
    expect(error()).toBeNull();
    level('1.312');
    expect(error()).toBe(
      '“1.312” iki türlü okunabilir: ondalık için virgülle (1,312), binlik için noktasız (1312) yazın.',
    );
  });
});
