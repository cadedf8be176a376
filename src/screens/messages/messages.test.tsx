// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import { FakeMarketData } from '../../../tests/support/fake-market-data';
import '../../i18n/setup';
import { setMarketDataApi } from '../../market/client';
import { deliverPrivateEvents } from '../../market/private-events';
import { RoutePathContext } from '../../paths/route-context';
import { useAppLocation } from '../../paths/navigation';
import { toast } from '../../services/toast';
import { messages, setUnread } from '../../state/messages';
import MessageScreen from './message-screen';
import { screenHooks } from '../../../tests/support/screen-hooks';

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
let listQueries: { page: number; before: string | null }[] = [];
/** false: an older broker that pages by offset only. */
let honourCursor = true;

const server = setupServer(
  http.post(`${API}/user/message/list`, async ({ request }) => {
    const form = new URLSearchParams(await request.text());
    const kind = form.get('kind') ?? '';
    listKinds.push(kind);
    const all = store.filter((m) => kind === '' || m.kind === kind);
    const page = Number(form.get('page') ?? '1');
    const size = Number(form.get('size') ?? '20');
    const before = honourCursor ? form.get('before') : null;
    listQueries.push({ page, before });
    // As the broker pages: after the cursor's row when there is one, else by offset.
    const from = before === null ? (page - 1) * size : all.findIndex((m) => m.id === before) + 1;
    const list = all.slice(from, from + size);
    return ok({ list, total: all.length, page, size, unread: store.filter((m) => !m.read).length });
  }),
  http.post(`${API}/user/message/read`, async ({ request }) => {
    const body = await request.text();
    reads.push(body);
    const form = new URLSearchParams(body);
    for (const m of store) if (form.get('all') === '1' || m.id === form.get('id')) m.read = true;
    return ok({ unread: store.filter((m) => !m.read).length });
  }),
);

screenHooks(server, {
  reset: () => {
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
    listQueries = [];
    honourCursor = true;
    setMarketDataApi(new FakeMarketData());
    history.replaceState(null, '', '/pages/user/message');
  },
  tidy: () => {
    setUnread(0);
  },
});

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
    // The platform list is asked for its newest page only, for its tab's unread mark.
    expect(listKinds.sort()).toEqual(['personal', 'platform']);
    expect(messages.unread).toBe(2);
  });

  it('shows a message that arrives while the centre is open at the top, and counts it', async () => {
    renderScreen();
    await screen.findByTestId('message-item-11');
    store.unshift({
      id: '13',
      kind: 'personal',
      title: 'Para yatırma onaylandı',
      body: '₺1.000,00 hesabınıza geçti.',
      createdAt: 1767312000000,
      read: false,
    });
    deliverPrivateEvents([{ ch: 'messages', data: { id: '13', kind: 'personal' } }]);
    const arrived = await screen.findByTestId('message-item-13');
    expect(arrived.dataset.read).toBe('false');
    const shown = [...document.querySelectorAll('[data-testid^="message-item-"]')].map((e) =>
      e.getAttribute('data-testid'),
    );
    expect(shown).toEqual(['message-item-13', 'message-item-11', 'message-item-12']);
    expect(messages.unread).toBe(3);
  });

  it('marks the other tab when it holds unread messages, and clears it when all are read', async () => {
    renderScreen();
    await screen.findByTestId('message-item-11');
    // The Mine badge says 2: one personal, one platform, and the Platform tab says where.
    expect(await screen.findByTestId('messages-tab-unread-platform')).toBeTruthy();
    expect(screen.getByTestId('messages-tab-unread-personal')).toBeTruthy();
    expect(screen.getByTestId('messages-tab-platform').textContent).toBe('Platform');
    expect(screen.getByRole('tab', { name: /^Platform\s*Okunmadı$/ })).toBeTruthy();
    fireEvent.click(screen.getByTestId('messages-mark-all'));
    await waitFor(() => expect(screen.queryByTestId('messages-tab-unread-platform')).toBeNull());
    expect(screen.queryByTestId('messages-tab-unread-personal')).toBeNull();
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

  it('keeps the chosen tab when the user comes back to the centre', async () => {
    renderScreen();
    await screen.findByTestId('message-item-11');
    fireEvent.click(screen.getByTestId('messages-tab-platform'));
    await screen.findByTestId('message-item-21');
    // Another screen, then back: the centre mounts again on the entry it left.
    cleanup();
    renderScreen();
    expect(await screen.findByTestId('message-item-21')).toBeTruthy();
    expect(screen.getByTestId('messages-tab-platform').getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByTestId('messages-tab-personal'));
    await screen.findByTestId('message-item-11');
    cleanup();
    renderScreen();
    expect(await screen.findByTestId('message-item-11')).toBeTruthy();
  });

  it('shows an empty state per tab', async () => {
    store = [];
    renderScreen();
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Kişisel mesaj yok');
  });
});

/** `n` personal messages, newest first (ids 1044 downwards), the newest unread. */
function manyMessages(n = 45): Item[] {
  return Array.from({ length: n }, (_, i) => ({
    id: String(1044 - i),
    kind: 'personal' as const,
    title: `Emriniz gerçekleşti ${1044 - i}`,
    body: 'THYAO 1 lot alış emriniz gerçekleşti.',
    createdAt: 1767225600000 - i * 60_000,
    read: i > 0,
  }));
}

const shownIds = () =>
  screen
    .queryAllByTestId(/^message-item-/)
    .map((el) => (el.dataset.testid ?? '').replace('message-item-', ''));

describe('message centre with months of messages', () => {
  it('reaches the oldest message a page at a time, each once, from the last one shown', async () => {
    store = manyMessages();
    renderScreen();
    await screen.findByTestId('message-item-1044');
    expect(shownIds()).toHaveLength(20);
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(shownIds()).toHaveLength(40));
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(shownIds()).toHaveLength(45));
    expect(shownIds()).toEqual(store.map((m) => m.id));
    expect(screen.queryByTestId('load-more')).toBeNull();
    // After the first pages (each tab's newest, the other for its unread mark).
    expect(listQueries.filter((q) => q.page > 1)).toEqual([
      { page: 2, before: '1025' },
      { page: 3, before: '1005' },
    ]);
  });

  it('a message arriving while the user reads repeats no row, even from a broker paging by offset', async () => {
    honourCursor = false;
    store = manyMessages();
    renderScreen();
    await screen.findByTestId('message-item-1044');
    store.unshift({ ...store[0]!, id: '1045', title: 'Yeni', read: false });
    // The offset page repeats the 20th message: it is left out.
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(shownIds()).toHaveLength(39));
    fireEvent.click(screen.getByTestId('load-more'));
    await waitFor(() => expect(shownIds()).toHaveLength(45));
    const ids = shownIds();
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(store.slice(1).map((m) => m.id));
  });

  it('keeps "mark all" on while unread messages sit on pages not loaded yet', async () => {
    store = manyMessages(60).map((m, i) => ({ ...m, read: i < 59 }));
    renderScreen();
    await screen.findByTestId('message-item-1044');
    expect(screen.queryAllByTestId(/^message-item-/).every((el) => el.dataset.read === 'true')).toBe(true);
    expect((screen.getByTestId('messages-mark-all') as HTMLButtonElement).disabled).toBe(false);
  });
});
