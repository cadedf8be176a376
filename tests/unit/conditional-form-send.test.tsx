// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import en from '../../locales/en-US/errors.json';
import tr from '../../locales/tr-TR/errors.json';
import enConditional from '../../locales/en-US/conditional.json';
import trConditional from '../../locales/tr-TR/conditional.json';
import '../../src/i18n/setup';
import ConditionalForm, {
  type ConditionalFormProps,
} from '../../src/components/conditional/conditional-form';
import { setLanguage } from '../../src/state/prefs';
import { setSession } from '../../src/state/session';
import { resetClientState } from '../support/client-state';
import { stockConditionalProps } from '../support/conditional-props';

/**
 * The conditional ticket sends through the money action: one request however often the confirm
 * button is tapped while it is out, the password sheet when the broker asks for one, and the
 * ticket's own rules said before anything is sent.
 */
const API = `${location.origin}/ipxtrg-api`;
let bodies: URLSearchParams[] = [];
/** Holds each answer until the test lets it go, so a second tap lands while the first is out. */
let release: () => void = () => {};
let answer: () => Response = () =>
  HttpResponse.json({ code: -1001, key: 'CONDITIONAL_LIMIT', msg: 'cap', data: null });
const server = setupServer(
  http.post(`${API}/stock/order/conditional/add`, async ({ request }) => {
    bodies.push(new URLSearchParams(await request.text()));
    await new Promise<void>((resolve) => (release = resolve));
    return answer();
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  bodies = [];
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
});
afterEach(() => {
  release();
  cleanup();
  resetClientState();
});

const PROPS: ConditionalFormProps = stockConditionalProps();

async function typeOrder(trigger: string) {
  fireEvent.change(await screen.findByTestId('conditional-trigger'), { target: { value: trigger } });
  fireEvent.change(screen.getByTestId('conditional-qty'), { target: { value: '2' } });
}

describe('the conditional ticket sends once', () => {
  it('two taps on confirm while the first is out send one request', async () => {
    setLanguage('en-US');
    render(<ConditionalForm {...PROPS} />);
    await typeOrder('105');
    fireEvent.click(screen.getByTestId('conditional-submit'));
    const confirm = await screen.findByTestId('conditional-confirm-submit');
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await waitFor(() => expect(bodies).toHaveLength(1));
    release();
    await screen.findByTestId('conditional-confirm-error');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.get('trigger')).toBe('105');
    expect(bodies[0]?.get('requestId')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('asks for the trade password when the broker wants one, and the retry keeps the requestId', async () => {
    setLanguage('en-US');
    answer = () =>
      HttpResponse.json({ code: -1001, key: 'TRADE_PASSWORD_REQUIRED', msg: 'password', data: null });
    render(<ConditionalForm {...PROPS} />);
    await typeOrder('105');
    fireEvent.click(screen.getByTestId('conditional-submit'));
    expect(screen.queryByTestId('conditional-confirm-password')).toBeNull();
    fireEvent.click(await screen.findByTestId('conditional-confirm-submit'));
    await waitFor(() => expect(bodies).toHaveLength(1));
    release();
    const password = await screen.findByTestId('conditional-confirm-password');
    answer = () => HttpResponse.json({ code: -1001, key: 'CONDITIONAL_LIMIT', msg: 'cap', data: null });
    fireEvent.change(password, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('conditional-confirm-submit'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    release();
    expect(bodies[0]?.get('tradePassword')).toBeNull();
    expect(bodies[1]?.get('tradePassword')).toBe('123456');
    expect(bodies[1]?.get('requestId')).toBe(bodies[0]?.get('requestId'));
    expect(bodies[0]?.get('requestId')).toMatch(/^[0-9a-f]{32}$/);
  });
});

describe('the conditional ticket says a broken rule before sending', () => {
  it.each([
    ['tr-TR', tr.CONDITIONAL_TRIGGER_CROSSED.replace('{{last}}', '100,00')],
    ['en-US', en.CONDITIONAL_TRIGGER_CROSSED.replace('{{last}}', '100.00')],
  ] as const)('a buy stop below the last price (%s)', async (lang, text) => {
    setLanguage(lang);
    render(<ConditionalForm {...PROPS} />);
    await typeOrder('95');
    const said = await screen.findByTestId('conditional-error');
    expect(said.dataset['key']).toBe('CONDITIONAL_TRIGGER_CROSSED');
    expect(said.textContent).toBe(text);
    // Enabled, as the price may move off the trigger a tick later; a tap now opens no review.
    fireEvent.click(screen.getByTestId('conditional-submit'));
    expect(screen.queryByTestId('conditional-confirm')).toBeNull();
    expect(screen.getByTestId('conditional-error').textContent).toBe(text);
    expect(bodies).toHaveLength(0);
  });

  it('a trigger above the band, then one inside it', async () => {
    setLanguage('en-US');
    render(<ConditionalForm {...PROPS} />);
    await typeOrder('125');
    expect((await screen.findByTestId('conditional-error')).dataset['key']).toBe('PRICE_OUTSIDE_BAND');
    fireEvent.change(screen.getByTestId('conditional-trigger'), { target: { value: '110' } });
    await waitFor(() => expect(screen.queryByTestId('conditional-error')).toBeNull());
    expect(screen.getByTestId('conditional-submit')).toHaveProperty('disabled', false);
  });

  it.each([
    ['tr-TR', trConditional.trail_no_last],
    ['en-US', enConditional.trail_no_last],
  ] as const)('a trailing stop with no last price says why its distance is off (%s)', async (lang, text) => {
    setLanguage(lang);
    render(<ConditionalForm {...PROPS} last={null} />);
    fireEvent.click(await screen.findByTestId('conditional-kind-trailing'));
    expect(screen.getByTestId('conditional-trail-disabled').textContent).toBe(text);
    expect(screen.getByTestId('conditional-trail-plus')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('conditional-submit')).toHaveProperty('disabled', true);
  });

  it.each([
    ['en-US', en],
    ['tr-TR', tr],
  ] as const)(
    'in %s says a trigger or a quantity of 0 under its field, and does not open review',
    async (lang, texts) => {
      setLanguage(lang);
      render(<ConditionalForm {...PROPS} />);
      await typeOrder('0');
      expect((await screen.findByTestId('conditional-trigger-error')).textContent).toBe(
        texts.CONDITIONAL_PRICE_NOT_POSITIVE,
      );
      fireEvent.change(screen.getByTestId('conditional-trigger'), { target: { value: '105' } });
      fireEvent.change(screen.getByTestId('conditional-qty'), { target: { value: '0' } });
      expect((await screen.findByTestId('conditional-qty-error')).textContent).toBe(
        texts.QUANTITY_NOT_POSITIVE,
      );
      expect(screen.queryByTestId('conditional-trigger-error')).toBeNull();
      expect((screen.getByTestId('conditional-submit') as HTMLButtonElement).disabled).toBe(true);
    },
  );
});
