// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Passkey } from '../../domain/protocol/passkeys';
import '../../src/i18n/setup';
import PasskeysScreen from '../../src/screens/security/passkeys-screen';
import { modal, settleModal } from '../../src/services/modal';
import { setLanguage } from '../../src/state/prefs';
import { setSession } from '../../src/state/session';
import { API, ok, refuse, renderAt } from './ipo-fixtures';
import { resetClientState } from '../support/client-state';

/** The passkeys list: loaded, retried after a failure, and a passkey removed after confirming. */
let list: Passkey[] = [];
let failLoad = false;
let deleted: string[] = [];

const server = setupServer(
  http.post(`${API}/user/passkey/list`, () =>
    failLoad ? refuse('INTERNAL_ERROR', 'Server unavailable') : ok({ list }),
  ),
  http.post(`${API}/user/passkey/delete`, async ({ request }) => {
    deleted.push(await request.text());
    return ok({});
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'bypass' }));
beforeEach(() => {
  setLanguage('en-US');
  list = [
    { id: '11', name: 'Phone', createdAt: Date.UTC(2026, 10, 1, 9), lastUsedAt: null },
    { id: '12', name: 'Laptop', createdAt: Date.UTC(2026, 10, 2, 9), lastUsedAt: Date.UTC(2026, 10, 3, 9) },
  ];
  failLoad = false;
  deleted = [];
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '7' } }, 'real');
});
afterEach(() => {
  settleModal(false);
  cleanup();
  server.resetHandlers();
  resetClientState();
});
afterAll(() => server.close());

describe('passkeys screen', () => {
  it('lists the passkeys with when each was used, and says when there are none', async () => {
    renderAt('/pages/user/passkeys', PasskeysScreen);
    const names = await screen.findAllByTestId('passkey-name');
    expect(names.map((n) => n.textContent)).toEqual(['Phone', 'Laptop']);
    expect(screen.getAllByTestId('passkey-last-used')[0]?.textContent).toBe('Not used yet');
    expect(screen.getByTestId('passkeys-unsupported').textContent).toBe('This browser cannot use passkeys.');
    cleanup();
    list = [];
    renderAt('/pages/user/passkeys', PasskeysScreen);
    expect((await screen.findByTestId('passkeys-empty')).textContent).toBe('You have no passkeys yet.');
  });

  it('says the list failed and loads it again on retry', async () => {
    failLoad = true;
    renderAt('/pages/user/passkeys', PasskeysScreen);
    const failure = await screen.findByTestId('passkeys-error');
    expect(failure.textContent).toContain('Your passkeys could not be loaded.');
    failLoad = false;
    fireEvent.click(screen.getByTestId('passkeys-retry'));
    expect(await screen.findAllByTestId('passkey-row')).toHaveLength(2);
  });

  it('removes a passkey only after the confirmation', async () => {
    renderAt('/pages/user/passkeys', PasskeysScreen);
    const removes = await screen.findAllByTestId('passkey-remove');
    fireEvent.click(removes[1]!);
    await waitFor(() => expect(modal.current).not.toBeNull());
    settleModal(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getAllByTestId('passkey-row')).toHaveLength(2);
    expect(deleted).toEqual([]);
    fireEvent.click(screen.getAllByTestId('passkey-remove')[1]!);
    await waitFor(() => expect(modal.current).not.toBeNull());
    settleModal(true);
    await waitFor(() => expect(screen.getAllByTestId('passkey-row')).toHaveLength(1));
    expect(screen.getByTestId('passkey-name').textContent).toBe('Phone');
    expect(deleted).toHaveLength(1);
    expect(deleted[0]).toContain('12');
  });
});
