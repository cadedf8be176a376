// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it, vi } from 'vitest';
import type { ServiceMessage } from '../../domain/protocol/service-chat';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import { deliverPrivateEvents } from '../../src/market/private-events';
import ServiceScreen from '../../src/screens/service/service-screen';
import { appConfig } from '../../src/state/app-config';
import { setLanguage } from '../../src/state/prefs';
import { API, formOf, newFeed, ok, page, refuse, renderAt, T0 } from './options-fixtures';
import { screenHooks } from '../support/screen-hooks';

const DAY = 86_400_000;
const msg = (id: string, sender: 'user' | 'agent', text: string, at: number): ServiceMessage => ({
  id,
  sender,
  text,
  imageId: null,
  at,
});

let stored: ServiceMessage[] = [];
let sent: Record<string, string>[] = [];
let refusal: string | null = null;
const server = setupServer(
  http.post(`${API}/user/service/messages`, () => ok(page([...stored].reverse()))),
  http.post(`${API}/user/service/send`, async ({ request }) => {
    const form = await formOf(request);
    sent.push(form);
    if (refusal) return refuse(refusal, 'Mesaj en fazla 1000 karakter olabilir.');
    return ok(msg('90', 'user', form.text ?? '', T0));
  }),
);

screenHooks(server, {
  now: T0,
  reset: () => {
    setMarketDataApi(newFeed());
    stored = [msg('1', 'user', 'Merhaba', T0 - DAY - 60_000), msg('2', 'agent', 'Buyurun', T0 - 60_000)];
    sent = [];
    refusal = null;
    appConfig.serviceSaleSmartly = '';
  },
  tidy: () => {
    appConfig.serviceSaleSmartly = '';
  },
});

describe('the built-in chat', () => {
  it('labels days Dün and Bugün, sends, and shows a staff reply pushed on the socket', async () => {
    renderAt('/pages/user/service', ServiceScreen);
    await screen.findByText('Buyurun');
    expect(screen.getAllByTestId('chat-day').map((d) => d.textContent)).toEqual(['Dün', 'Bugün']);

    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'Kredi hakkında' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await screen.findByText('Kredi hakkında');
    expect(sent).toEqual([{ text: 'Kredi hakkında' }]);

    act(() =>
      deliverPrivateEvents([
        { ch: 'messages', data: { service: msg('91', 'agent', 'Yardımcı olalım', T0) } },
      ]),
    );
    await screen.findByText('Yardımcı olalım');
    // A message-centre event on the same channel is not a chat message.
    act(() => deliverPrivateEvents([{ ch: 'messages', data: { id: '5', kind: 'personal' } }]));
    expect(screen.getAllByTestId('chat-agent')).toHaveLength(2);
  });

  it('shows a refusal in the server words and keeps the text', async () => {
    refusal = 'CHAT_TOO_LONG';
    renderAt('/pages/user/service', ServiceScreen);
    await screen.findByText('Buyurun');
    fireEvent.change(screen.getByTestId('chat-input'), { target: { value: 'uzun' } });
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(screen.getByTestId('chat-error').textContent).toContain('1000 karakter'));
    expect((screen.getByTestId('chat-input') as HTMLTextAreaElement).value).toBe('uzun');
  });

  it('keeps a paste over the limit whole, counts it and says by how much to shorten it', async () => {
    renderAt('/pages/user/service', ServiceScreen);
    await screen.findByText('Buyurun');
    const input = screen.getByTestId('chat-input') as HTMLTextAreaElement;
    // Short messages carry no counter.
    fireEvent.change(input, { target: { value: 'Merhaba' } });
    expect(screen.queryByTestId('chat-count')).toBeNull();
    // Near the limit the count appears, before anything is refused.
    fireEvent.change(input, { target: { value: 'a'.repeat(850) } });
    expect(screen.getByTestId('chat-count').textContent).toBe('850 / 1.000 karakter');
    expect(screen.queryByTestId('chat-error')).toBeNull();
    // A 1,234-character paste stays whole (the browser's maxLength cut it to 1,000 silently).
    fireEvent.change(input, { target: { value: 'b'.repeat(1234) } });
    expect(input.value).toHaveLength(1234);
    expect(screen.getByTestId('chat-count').textContent).toBe('1.234 / 1.000 karakter');
    expect(screen.getByTestId('chat-error').textContent).toBe(
      'Mesaj en fazla 1.000 karakter olabilir: 234 karakter kısaltın.',
    );
    expect((screen.getByTestId('chat-send') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(input.closest('form')!);
    expect(sent).toEqual([]);
    act(() => setLanguage('en-US'));
    expect(screen.getByTestId('chat-error').textContent).toBe(
      'A message can be at most 1,000 characters: shorten it by 234.',
    );
    // Shortened to the limit, it goes.
    fireEvent.change(input, { target: { value: 'b'.repeat(1000) } });
    expect(screen.queryByTestId('chat-error')).toBeNull();
    fireEvent.click(screen.getByTestId('chat-send'));
    await waitFor(() => expect(sent).toEqual([{ text: 'b'.repeat(1000) }]));
  });

  it('keeps room for the composer as it grows, and the newest message in view above it', async () => {
    const observed: (() => void)[] = [];
    vi.stubGlobal(
      'ResizeObserver',
      class {
        constructor(private readonly callback: () => void) {}
        observe() {
          observed.push(this.callback);
        }
        disconnect() {}
      },
    );
    const scrolled: Element[] = [];
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    try {
      renderAt('/pages/user/service', ServiceScreen);
      await screen.findByText('Buyurun');
      // The composer is observed once it has mounted (on a busy machine, after the first message
      // shows); whichever form element it observes, the error and the count made it 150 px tall.
      await waitFor(() => expect(observed.length).toBeGreaterThan(0));
      HTMLFormElement.prototype.getBoundingClientRect = () => ({ height: 150 }) as DOMRect;
      scrolled.length = 0;
      act(() => observed.forEach((callback) => callback()));
      const chat = [...document.querySelectorAll<HTMLElement>('.chat')].at(-1);
      expect(chat?.style.getPropertyValue('--chat-composer-height')).toBe('150px');
      expect(scrolled).toEqual([document.querySelector('.chat-log > li:last-child')]);
    } finally {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      delete (HTMLFormElement.prototype as Partial<HTMLFormElement>).getBoundingClientRect;
      vi.unstubAllGlobals();
    }
  });

  it('scrolls the newest message into view again once its image has loaded', async () => {
    stored = [...stored, { ...msg('3', 'user', '', T0 - 30_000), imageId: 'img-3' }];
    server.use(
      http.get(`${API}/user/service/image`, () =>
        HttpResponse.arrayBuffer(new Uint8Array([0xff, 0xd8, 0xff]).buffer, {
          headers: { 'content-type': 'image/jpeg' },
        }),
      ),
    );
    const createObjectURL = vi.fn(() => 'blob:chat-image');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const scrolled: Element[] = [];
    const scrollIntoView = vi.fn(function (this: Element) {
      scrolled.push(this);
    });
    Element.prototype.scrollIntoView = scrollIntoView;
    try {
      renderAt('/pages/user/service', ServiceScreen);
      const image = await screen.findByAltText('Ekli görüntü');
      const newest = image.closest('li');
      expect(newest?.matches('.chat-log > li:last-child')).toBe(true);
      scrolled.length = 0;
      // The image's height arrives with its load: scrolled to again, so it is not left under the composer.
      fireEvent.load(image);
      expect(scrolled).toEqual([newest]);
    } finally {
      // jsdom has no scrollIntoView of its own.
      delete (Element.prototype as Partial<Element>).scrollIntoView;
      vi.unstubAllGlobals();
    }
  });
});

describe('the chat-script routes', () => {
  it('without a configured script, explain and link to the built-in chat', async () => {
    renderAt('/pages/common/serviceJs', ServiceScreen);
    expect((await screen.findByTestId('chat-open-builtin')).getAttribute('href')).toBe(
      '/pages/common/service',
    );
  });

  it('with one, load it on demand, once', async () => {
    appConfig.serviceSaleSmartly = 'https://chat.example/widget.js';
    renderAt('/pages/user/serviceJs', ServiceScreen);
    const status = await screen.findByTestId('chat-script');
    expect(status.getAttribute('data-state')).toBe('loading');
    const scripts = [...document.head.querySelectorAll('script')].filter(
      (s) => s.src === 'https://chat.example/widget.js',
    );
    expect(scripts).toHaveLength(1);
    act(() => scripts[0]!.dispatchEvent(new Event('load')));
    await waitFor(() => expect(screen.getByTestId('chat-script').getAttribute('data-state')).toBe('loaded'));
    expect(document.body.classList.contains('chat-script-icon-hidden')).toBe(true);
  });
});
