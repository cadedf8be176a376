// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import '../../i18n';
import { RoutePathContext } from '../../routes/route-context';
import { useAppLocation } from '../../routes/navigation';
import { hideToast, toast } from '../../services/toast';
import { messages, setUnread } from '../../state/messages';
import { clearUserInfo, setSession } from '../../state/session';
import MessageScreen from './message-screen';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });

type Item = {
  id: string;
  kind: 'personal' | 'platform';
  title: string;
  body: string;
  createdAt: number;
  read: boolean;
};
let store: Item[] = [];
let reads: string[] = [];
let listKinds: string[] = [];

const server = setupServer(
  http.post(`${API}/user/message/list`, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    const kind = form.get('kind') ?? '';
    listKinds.push(kind);
    const list = store.filter((m) => kind === '' || m.kind === kind);
    return ok({ list, total: list.length, page: 1, size: 50, unread: store.filter((m) => !m.read).length });
  }),
  http.post(`${API}/user/message/read`, async ({ request }) => {
    const body = await request.text();
    reads.push(body);
    const form = new URLSearchParams(body);
    for (const m of store) if (form.get('all') === '1' || m.id === form.get('id')) m.read = true;
    return ok({});
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  store = [
    {
      id: '11',
      kind: 'personal',
      title: 'Emriniz gerçekleşti',
      body: 'THYAO 10 lot alış emriniz gerçekleşti.',
      createdAt: 1767225600000,
      read: false,
    },
    {
      id: '12',
      kind: 'personal',
      title: 'Hoş geldiniz',
      body: 'Hesabınız açıldı.',
      createdAt: 1767139200000,
      read: true,
    },
    {
      id: '21',
      kind: 'platform',
      title: 'Bakım',
      body: 'Pazar 02:00 bakım.',
      createdAt: 1767052800000,
      read: false,
    },
  ];
  reads = [];
  listKinds = [];
  setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'demo', user: { id: '1' } });
  history.replaceState(null, '', '/pages/user/message');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearUserInfo();
  setUnread(0);
  hideToast();
  localStorage.clear();
});
afterAll(() => server.close());

function renderScreen() {
  return render(
    <Router hook={useAppLocation}>
      <RoutePathContext value="/pages/user/message">
        <MessageScreen />
      </RoutePathContext>
    </Router>,
  );
}

describe('message centre', () => {
  it('lists personal messages with unread marks and sets the unread count', async () => {
    renderScreen();
    const unread = await screen.findByTestId('message-item-11');
    expect(unread.dataset.read).toBe('false');
    expect(screen.getByTestId('message-item-12').dataset.read).toBe('true');
    expect(screen.queryByTestId('message-item-21')).toBeNull();
    expect(listKinds).toEqual(['personal']);
    expect(messages.unread).toBe(2);
  });

  it('opens a message, marks it read on the server and lowers the badge', async () => {
    renderScreen();
    const item = await screen.findByTestId('message-item-11');
    fireEvent.click(item.querySelector('button') as HTMLButtonElement);
    expect(item.textContent).toContain('THYAO 10 lot');
    expect(item.dataset.read).toBe('true');
    expect(messages.unread).toBe(1);
    await waitFor(() => expect(reads).toEqual(['id=11']));
    // Opening a read message again sends nothing.
    fireEvent.click(item.querySelector('button') as HTMLButtonElement);
    fireEvent.click(item.querySelector('button') as HTMLButtonElement);
    expect(reads).toEqual(['id=11']);
  });

  it('switches to platform messages and marks all read', async () => {
    renderScreen();
    await screen.findByTestId('message-item-11');
    fireEvent.click(screen.getByTestId('messages-tab-platform'));
    expect(await screen.findByTestId('message-item-21')).toBeTruthy();
    fireEvent.click(screen.getByTestId('messages-mark-all'));
    await waitFor(() => expect(reads).toEqual(['all=1']));
    await waitFor(() => expect(screen.getByTestId('message-item-21').dataset.read).toBe('true'));
    expect(messages.unread).toBe(0);
    expect(toast.text).toBe('Tüm mesajlar okundu olarak işaretlendi');
    expect((screen.getByTestId('messages-mark-all') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows an empty state per tab', async () => {
    store = [];
    renderScreen();
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Kişisel mesaj yok');
  });
});
