// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { NotificationSettings, PushStopped } from '../../domain/protocol/alerts';
import '../../src/i18n/setup';
import { AlertsScreen } from '../../src/screens/alerts/alerts-screen';
import { NotificationsScreen } from '../../src/screens/alerts/notifications-screen';
import { setLanguage } from '../../src/state/prefs';
import { API, ok, refuse, renderAt } from './ipo-fixtures';
import { screenHooks } from '../support/screen-hooks';

/**
 * The notification settings: loaded (retried after a failure), changed and saved as the user set
 * them; the alerts list's failed load.
 */
let settings: NotificationSettings;
let stopped: PushStopped | null = null;
let failLoad = false;
let failList = false;
let sent: URLSearchParams[] = [];

const server = setupServer(
  http.get(`${API}/user/push/key`, () =>
    failLoad ? refuse('INTERNAL_ERROR', 'Server unavailable') : ok({ publicKey: 'pk', settings, stopped }),
  ),
  http.post(`${API}/user/alert/list`, () =>
    failList
      ? refuse('INTERNAL_ERROR', 'Server unavailable')
      : ok({ list: [], total: 0, page: 1, size: 100 }),
  ),
  http.post(`${API}/user/push/subscribe`, async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    sent.push(body);
    return ok({
      ...settings,
      price: false,
      quietFrom: body.get('from') || null,
      quietTo: body.get('to') || null,
    });
  }),
);

screenHooks(server, {
  unhandled: 'bypass',
  reset: () => {
    setLanguage('en-US');
    settings = { price: true, move: true, risk: false, conditional: true, quietFrom: null, quietTo: null };
    failLoad = false;
    failList = false;
    stopped = null;
    sent = [];
  },
});

describe('notifications screen', () => {
  it('says the settings failed to load, with the server’s reason, and loads them again on retry', async () => {
    failLoad = true;
    renderAt('/pages/user/notifications', NotificationsScreen);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    // The app's failed state (its words were the alerts list's: "Alerts could not be loaded").
    expect(screen.getByTestId('error-state').textContent).toContain('Server unavailable');
    expect(screen.queryByText(/Alerts could not be loaded/)).toBeNull();
    failLoad = false;
    fireEvent.click(retry);
    expect(await screen.findByTestId('notifications-form')).toBeTruthy();
  });

  it('sends the chosen subjects and the quiet hours as set', async () => {
    renderAt('/pages/user/notifications', NotificationsScreen);
    await screen.findByTestId('notifications-form');
    expect(screen.queryByTestId('notifications-from')).toBeNull();
    fireEvent.click(screen.getByTestId('notifications-move'));
    fireEvent.click(screen.getByTestId('notifications-risk'));
    fireEvent.click(screen.getByTestId('notifications-quiet'));
    expect(screen.getByTestId('notifications-from')).toBeTruthy();
    fireEvent.click(screen.getByTestId('notifications-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get('tell')).toBe('price,risk,conditional');
    expect(sent[0]?.get('from')).toBe('22:00');
    expect(sent[0]?.get('to')).toBe('08:00');
  });

  it('says when the broker stopped pushing to a device whose push service kept refusing', async () => {
    renderAt('/pages/user/notifications', NotificationsScreen);
    await screen.findByTestId('notifications-push');
    expect(screen.queryByTestId('notifications-push-stopped')).toBeNull();
    cleanup();
    stopped = { endpoint: 'https://push.example.com/abc', failures: 5, lastStatus: 503, at: 1 };
    renderAt('/pages/user/notifications', NotificationsScreen);
    // This browser holds no subscription (jsdom has no push), so it was another device.
    expect((await screen.findByTestId('notifications-push-stopped')).textContent).toBe(
      'Notifications to one of your devices stopped: its push service refused them 5 times in a row. Turn them on again on that device.',
    );
  });
});

/** A browser that can push and holds a subscription to `endpoint` (jsdom has no push of its own). */
function browserSubscribedTo(endpoint: string): () => void {
  const subscription = {
    endpoint,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'p', auth: 'a' } }),
  };
  const registration = {
    pushManager: { getSubscription: () => Promise.resolve(subscription), subscribe: () => Promise.reject() },
  };
  const globals = globalThis as Record<string, unknown>;
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: () => Promise.resolve(registration) },
  });
  globals.PushManager = class {};
  globals.Notification = Object.assign(class {}, {
    permission: 'granted',
    requestPermission: () => Promise.resolve('granted'),
  });
  return () => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
    delete globals.PushManager;
    delete globals.Notification;
  };
}

describe('the stopped notice on the device it stopped', () => {
  it('shows the switch off and, turned on, subscribes this browser again and clears the notice', async () => {
    const endpoint = 'https://push.example.com/this-one';
    const restore = browserSubscribedTo(endpoint);
    try {
      stopped = { endpoint, failures: 5, lastStatus: 410, at: 1 };
      renderAt('/pages/user/notifications', NotificationsScreen);
      const notice = await screen.findByTestId('notifications-push-stopped');
      expect(notice.textContent).toBe(
        'Notifications to this device stopped: the push service refused them 5 times in a row. Turn them on again.',
      );
      const toggle = screen.getByTestId('notifications-push-switch');
      await waitFor(() => expect(toggle.getAttribute('aria-checked')).toBe('false'));
      fireEvent.click(toggle);
      await waitFor(() => expect(sent).toHaveLength(1));
      expect(JSON.parse(sent[0]?.get('subscription') ?? '{}')).toMatchObject({ endpoint });
      await waitFor(() => expect(screen.queryByTestId('notifications-push-stopped')).toBeNull());
      expect(screen.getByTestId('notifications-push-switch').getAttribute('aria-checked')).toBe('true');
    } finally {
      restore();
    }
  });
});

describe('alerts screen', () => {
  it('says the list failed to load, with the server’s reason, and lists it on retry', async () => {
    failList = true;
    renderAt('/pages/user/alerts', AlertsScreen);
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByTestId('error-state').textContent).toContain('Server unavailable');
    failList = false;
    fireEvent.click(retry);
    // Asked again: the list's skeleton at once, not the failure until the answer comes.
    expect(screen.queryByTestId('error-state')).toBeNull();
    expect(screen.getByRole('status', { name: 'Your alerts' })).toBeTruthy();
    expect(await screen.findByTestId('alerts-empty')).toBeTruthy();
  });
});
