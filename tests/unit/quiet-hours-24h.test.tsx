// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import type { NotificationSettings } from '../../domain/protocol/alerts';
import '../../src/i18n/setup';
import { NotificationsScreen } from '../../src/screens/alerts/notifications-screen';
import { setLanguage } from '../../src/state/prefs';
import { API, ok, renderAt } from './ipo-fixtures';
import { screenHooks } from '../support/screen-hooks';

/**
 * Quiet hours in 24-hour time for tr-TR: an hour 00–23 and a minute, never the browser's own
 * time field (which follows the browser's language and showed "10:00 PM" on a Turkish page);
 * en-US keeps the browser's field. The broker gets "HH:mm" either way.
 */
let sent: URLSearchParams[] = [];
const settings: NotificationSettings = {
  price: true,
  move: true,
  risk: false,
  conditional: true,
  quietFrom: '22:00',
  quietTo: '07:45',
};

const server = setupServer(
  http.get(`${API}/user/push/key`, () => ok({ publicKey: 'pk', settings, stopped: null })),
  http.post(`${API}/user/push/subscribe`, async ({ request }) => {
    const body = new URLSearchParams(await request.text());
    sent.push(body);
    return ok({ ...settings, quietFrom: body.get('from') || null, quietTo: body.get('to') || null });
  }),
);

screenHooks(server, {
  unhandled: 'bypass',
  reset: () => {
    sent = [];
  },
});

describe('quiet hours', () => {
  it('are 24-hour in tr-TR: hours 00–23 and a minute, sent as HH:mm', async () => {
    setLanguage('tr-TR');
    renderAt('/pages/user/notifications', NotificationsScreen);
    const from = await screen.findByTestId('notifications-from');
    expect(from.querySelector('input[type="time"]')).toBeNull();
    const hour = within(from).getByTestId('notifications-from-hour') as HTMLSelectElement;
    expect([...hour.options].map((o) => o.value)).toEqual(
      Array.from({ length: 24 }, (_, h) => String(h).padStart(2, '0')),
    );
    expect(hour.value).toBe('22');
    expect(hour.getAttribute('aria-label')).toBe('Başlangıç: saat');
    const to = screen.getByTestId('notifications-to');
    expect((within(to).getByTestId('notifications-to-minute') as HTMLSelectElement).value).toBe('45');
    expect(to.textContent).not.toMatch(/AM|PM|ÖÖ|ÖS/);
    fireEvent.change(hour, { target: { value: '23' } });
    fireEvent.change(within(from).getByTestId('notifications-from-minute'), { target: { value: '30' } });
    fireEvent.click(screen.getByTestId('notifications-save'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.get('from')).toBe('23:30');
    expect(sent[0]?.get('to')).toBe('07:45');
  });

  it('keep the browser’s time field in en-US', async () => {
    setLanguage('en-US');
    renderAt('/pages/user/notifications', NotificationsScreen);
    const from = await screen.findByTestId('notifications-from');
    expect(from.getAttribute('type')).toBe('time');
    expect((from as HTMLInputElement).value).toBe('22:00');
  });
});
