// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import IpoOrderScreen from '../../src/screens/ipo/ipo-order-screen';
import { setLanguage } from '../../src/state/prefs';
import { API, assets, detail, ok, profile, renderAt } from './ipo-fixtures';
import { orderTestServer } from './order-fixtures';

/** What the lots field takes: digits only, whole, grouped as typed. */
orderTestServer([
  http.get(`${API}/stock/index/new/info`, () => ok(detail())),
  http.post(`${API}/user/assets`, () => ok(assets('5000'))),
  http.post(`${API}/user/info`, () => ok(profile())),
]);

async function typeLots(lang: 'tr-TR' | 'en-US', lots: string) {
  setLanguage(lang);
  renderAt('/pages/stockIPO/ipoOrder?id=2', IpoOrderScreen);
  const input = (await screen.findByTestId('order-lots-input')) as HTMLInputElement;
  fireEvent.change(input, { target: { value: lots } });
  return { error: screen.getByTestId('order-lots-input-error').textContent, value: input.value };
}

describe('IPO application lots', () => {
  it('a minus sign is named as a sign and kept as typed (never read as 3 lots), in both languages', async () => {
    expect(await typeLots('tr-TR', '-3')).toEqual({
      error: "0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın).",
      value: '-3',
    });
    fireEvent.click(screen.getByTestId('order-submit'));
    expect(screen.queryByTestId('order-confirm')).toBeNull();
    cleanup();
    expect(await typeLots('en-US', '-3')).toEqual({
      error: 'Enter a number greater than 0, without a sign (no − or +).',
      value: '-3',
    });
    expect(screen.queryByTestId('order-confirm')).toBeNull();
  });

  it('a fraction is refused as it is typed: lots are whole', async () => {
    expect((await typeLots('tr-TR', '2,5')).error).toBe('lot tam sayı olmalıdır; ondalık girilemez.');
    cleanup();
    expect((await typeLots('en-US', '2.5')).error).toBe('lot must be a whole number; no decimals.');
  });

  it('reads "1.000" lots as a thousand, shown as typed', async () => {
    setLanguage('tr-TR');
    renderAt('/pages/stockIPO/ipoOrder?id=2', IpoOrderScreen);
    const input = (await screen.findByTestId('order-lots-input')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: '1.000' } });
    expect(input.value).toBe('1.000');
    expect(screen.queryByTestId('order-lots-input-error')).toBeNull();
    expect(input.getAttribute('inputmode')).toBe('numeric');
  });
});
