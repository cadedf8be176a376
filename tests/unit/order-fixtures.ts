import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { setSession } from '../../src/state/session';
import { resetClientState } from '../support/client-state';
import { ok, refuse, T0 } from './ipo-fixtures';
import { typeInto } from '../support/type-keys';

/**
 * What the tests of the order screens (IPO, offline, coin sale, block) share: the user's trade
 * password, the mock server around each test, and typing into and reading the screen.
 */
export const PASSWORD = '246810';

/**
 * The file's msw server, listening for the whole file (an unhandled request fails the test); before
 * each test the clock's Date stands at `now` (T0), `reset` puts the file's answers back and user 7
 * is signed in on the real account; after it, the screen, the clock, the test's own handlers and
 * the client state are undone. The money screens' tests (orders, loans, VIP, options, robots) share it.
 */
export function orderTestServer(
  handlers: RequestHandler[],
  reset: () => void = () => undefined,
  now: number = T0,
) {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(now);
    reset();
    setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    server.resetHandlers();
    resetClientState();
  });
  afterAll(() => server.close());
  return server;
}

/** A form body as the server reads it. */
export async function formBody(request: Request): Promise<Record<string, string>> {
  return Object.fromEntries(new URLSearchParams(await request.text()));
}

/**
 * An order endpoint as the broker answers it: a wrong trade password refused first, then the
 * test's refusal if it has one, else the order is taken (`take`: what the test keeps of it) and
 * answered with what `take` returns.
 */
export function orderAnswer(
  refusal: () => { key: string; msg?: string } | null,
  take: (body: Record<string, string>) => unknown,
) {
  return async ({ request }: { request: Request }) => {
    const body = await formBody(request);
    // As the broker refuses a wrong PIN: by key, with the tries left (server/accounts/pins.ts).
    if (body.tradePassword !== PASSWORD) return refuse('TRADE_PASSWORD_INCORRECT', '', { triesLeft: 4 });
    const refused = refusal();
    if (refused) return refuse(refused.key, refused.msg);
    return ok(take(body));
  };
}

/** The text of the element with this test id. */
export const text = (testId: string) => screen.getByTestId(testId).textContent;

/** The answer to a link naming no such subject (a stale or mistyped id): refused with `key`. */
export const notFound = (key: string) => () => refuse(key);

/**
 * Where the error of a link naming no such subject leads, as [words, href]: a list to choose from,
 * never a retry (it would fail the same way).
 */
export async function missingLeadsTo(): Promise<[string | null, string | null]> {
  const error = await screen.findByTestId('error-state');
  expect(within(error).queryByTestId('retry')).toBeNull();
  const back = within(error).getByTestId('error-back');
  return [back.textContent, back.getAttribute('href')];
}

/** The steps of a lots order form (IPO, offline, block: src/components/trade/lots-order-form). */
export const lotsForm = {
  /** Asks for `lots`: the form's checks pass to the confirmation sheet, or refuse. */
  submit(lots: string) {
    typeInto('order-lots-input', lots);
    fireEvent.click(screen.getByTestId('order-submit'));
  },
  /** The field's refusal of `lots`, as the user reads it. */
  refusal(lots: string) {
    lotsForm.submit(lots);
    return text('order-lots-input-error');
  },
  /** What the field says of `lots` as it is typed, before anything is sent. */
  typed(lots: string) {
    typeInto('order-lots-input', '');
    typeInto('order-lots-input', lots);
    return text('order-lots-input-error');
  },
  /** Confirms the open sheet with `password`. */
  confirm(password: string) {
    typeInto('order-confirm-password', password);
    fireEvent.click(screen.getByTestId('order-confirm-submit'));
  },
  /** Asks for `lots` and confirms them with the trade password. */
  order(lots: string) {
    lotsForm.submit(lots);
    lotsForm.confirm(PASSWORD);
  },
};
