// @vitest-environment jsdom
import { cleanup, fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import '../../src/i18n';
import IpoOrderScreen from '../../src/screens/ipo/ipo-order-screen';
import { setLanguage } from '../../src/state/prefs';
import { API, assets, detail, ok, profile, renderAt } from './ipo-fixtures';
import { orderTestServer } from './order-fixtures';

/** "-3" lots is not "a whole number" problem: it must be greater than 0 (the UI audit at 390×844). */
orderTestServer([
  http.get(`${API}/stock/index/new/info`, () => ok(detail())),
  http.post(`${API}/user/assets`, () => ok(assets('5000'))),
  http.post(`${API}/user/info`, () => ok(profile())),
]);

async function submitLots(lang: 'tr-TR' | 'en-US', lots: string) {
  setLanguage(lang);
  renderAt('/pages/stockIPO/ipoOrder?id=2', IpoOrderScreen);
  fireEvent.change(await screen.findByTestId('order-lots-input'), { target: { value: lots } });
  fireEvent.click(screen.getByTestId('order-submit'));
  return screen.getByTestId('order-lots-input-error').textContent;
}

describe('IPO application lots', () => {
  it('a minus sign must be greater than 0, in both languages', async () => {
    expect(await submitLots('tr-TR', '-3')).toBe("Miktar 0'dan büyük olmalıdır.");
    cleanup();
    expect(await submitLots('en-US', '-3')).toBe('The quantity must be greater than 0.');
    expect(screen.queryByTestId('order-confirm')).toBeNull();
  });

  it('a fraction is still "a whole number", the IPO form’s own words', async () => {
    expect(await submitLots('tr-TR', '2,5')).toBe('Lot tam sayı olmalıdır.');
    cleanup();
    expect(await submitLots('en-US', '2.5')).toBe('Lots must be a whole number.');
  });
});
