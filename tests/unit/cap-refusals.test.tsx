// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Locale } from '../../domain/format/locale';
import { LIMITS } from '../../domain/limits';
import type { ErrorKey } from '../../domain/protocol/error-keys';
import en from '../../locales/en-US/errors.json';
import tr from '../../locales/tr-TR/errors.json';
import '../../src/i18n/setup';
import ConditionalForm from '../../src/components/conditional/conditional-form';
import '../../src/screens/alerts/alerts-i18n';
import { AlertForm } from '../../src/screens/alerts/alert-form';
import { applyPatch, resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import { setSession } from '../../src/state/session';
import { resetClientState } from '../support/client-state';
import { tickerView } from '../support/fake-market-data';

/**
 * A create refused at its cap (docs/limits.md) is said where the user creates the thing, in the
 * broker's own words in the user's language: the alert form says it of the whole form (no level
 * would do), the conditional ticket in its confirm sheet.
 */
const API = `${location.origin}/ipxtrg-api`;
const TEXTS: Record<Locale, typeof en> = { 'en-US': en, 'tr-TR': tr };
/** The envelope the broker answers a create past its cap with, its key's text in the caller's language. */
const atCap = (request: Request, key: ErrorKey & keyof typeof en, max: number) => {
  const locale = request.headers.get('Accept-Language') === 'en-US' ? 'en-US' : 'tr-TR';
  const msg = TEXTS[locale][key].replace('{{max}}', String(max));
  return HttpResponse.json({ code: -1001, key, msg, data: null });
};
let sent = 0;
const server = setupServer(
  http.post(`${API}/user/alert/add`, ({ request }) => {
    sent += 1;
    return atCap(request, 'ALERT_LIMIT_REACHED', LIMITS.alerts);
  }),
  http.post(`${API}/stock/order/conditional/add`, ({ request }) => {
    sent += 1;
    return atCap(request, 'CONDITIONAL_LIMIT', LIMITS.conditionalPending);
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  sent = 0;
  resetMarket();
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
});
afterEach(() => {
  cleanup();
  resetClientState();
});

describe('a create refused at its cap', () => {
  it.each([
    ['tr-TR', `${LIMITS.alerts} alarmınız var; bir hesabın en fazla alarm sayısı bu.`],
    ['en-US', `You have ${LIMITS.alerts} alerts, the most an account can have.`],
  ] as const)('the alert form says it of the form, not the level (%s)', async (lang, text) => {
    setLanguage(lang);
    act(() => applyPatch({ tickers: { THYAO: tickerView('THYAO', '305.25') } }));
    render(<AlertForm prefill={{ symbol: 'THYAO', kind: 'above', threshold: '' }} onAdded={() => {}} />);
    fireEvent.change(screen.getByTestId('alert-threshold'), { target: { value: '320' } });
    fireEvent.click(screen.getByTestId('alert-add'));
    const said = await screen.findByRole('alert');
    expect(said.textContent).toContain(text);
    expect(sent).toBe(1);
    expect(screen.queryByTestId('alert-threshold-error')).toBeNull();
  });

  it.each([
    ['tr-TR', `Bu hesapta zaten ${LIMITS.conditionalPending} bekleyen koşullu emir var`],
    ['en-US', `This account already has ${LIMITS.conditionalPending} waiting conditional orders`],
  ] as const)('the conditional ticket says it in its confirm sheet (%s)', async (lang, text) => {
    setLanguage(lang);
    render(
      <ConditionalForm
        wallet="stock"
        symbol="THYAO"
        side="buy"
        last="100"
        priceScale={2}
        qtyScale={0}
        step="1"
        asset="THYAO"
        cash="TRY"
        buyTotal={(amount) => amount}
        needPassword={false}
      />,
    );
    fireEvent.change(await screen.findByTestId('conditional-trigger'), { target: { value: '105' } });
    fireEvent.change(screen.getByTestId('conditional-qty'), { target: { value: '2' } });
    await waitFor(() =>
      expect(screen.getByTestId('conditional-submit')).not.toHaveProperty('disabled', true),
    );
    fireEvent.click(screen.getByTestId('conditional-submit'));
    fireEvent.click(await screen.findByTestId('conditional-confirm-submit'));
    const said = await screen.findByTestId('conditional-confirm-error');
    expect(said.textContent).toContain(text);
    expect(sent).toBe(1);
  });
});
