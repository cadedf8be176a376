// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import '../../i18n/setup';
import { setSession } from '../../state/session';
import NewsDetailScreen from './news-detail-screen';
import NewsListScreen from './news-list-screen';
import NoticeDetailScreen from './notice-detail-screen';
import NoticeListScreen from './notice-list-screen';
import { forgetNotices } from './notice-cache';
import { renderAt } from '../../../tests/support/render-screen';
import { screenHooks } from '../../../tests/support/screen-hooks';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
const notice = (id: string, read?: boolean) => ({
  id,
  title: `Duyuru ${id}`,
  body: `Metin ${id}`,
  pinned: id === '1',
  createdAt: 1767225600000,
  ...(read === undefined ? {} : { read }),
});
const page = (list: unknown[]) => ok({ list, total: list.length, page: 1, size: 50 });

let calls: string[] = [];
const server = setupServer(
  http.get(`${API}/index/notice`, () => {
    calls.push('public');
    return page([notice('1'), notice('2')]);
  }),
  http.get(`${API}/user/notice`, () => {
    calls.push('user');
    return page([notice('1', true), notice('2', false)]);
  }),
  http.post(`${API}/user/notice/read`, async ({ request }) => {
    const body = await request.text();
    calls.push(`read:${body}`);
    return ok({ id: new URLSearchParams(body).get('id'), read: true });
  }),
  http.get(`${API}/index/news`, () =>
    page([
      {
        id: '7',
        title: 'BIST 100 güne yükselişle başladı',
        summary: 'Özet',
        source: 'Seans',
        imageUrl: '',
        publishedAt: 1767225600000,
      },
    ]),
  ),
  http.get(`${API}/index/news/info`, ({ request }) => {
    const id = new URL(request.url).searchParams.get('id');
    // The broker refuses an id that is no number as it does any field (FIELD_INVALID).
    if (!/^\d+$/.test(id ?? ''))
      return HttpResponse.json({
        code: -1001,
        msg: 'Kayıt numarası alanının değeri geçersiz.',
        key: 'FIELD_INVALID',
        data: {},
      });
    if (id !== '7') return HttpResponse.json({ code: -1001, msg: 'Bulunamadı', key: 'NOT_FOUND', data: {} });
    return ok({
      id: '7',
      title: 'BIST 100',
      summary: '',
      source: 'Seans',
      imageUrl: '',
      publishedAt: 1767225600000,
      body: '<p>Güne <strong>yükselişle</strong> başladı.</p><img src=x onerror="window.hacked=1"><script>window.hacked=1</script><a href="https://kap.org.tr">KAP</a>',
    });
  }),
);

screenHooks(server, {
  signedIn: false,
  reset: () => {
    calls = [];
    forgetNotices();
  },
});

describe('notices', () => {
  it('shows guests the public list, with links to the detail', async () => {
    renderAt('/pages/notice/list', '/pages/notice/list', NoticeListScreen);
    const item = await screen.findByTestId('notice-item-1');
    expect(item.textContent).toContain('Duyuru 1');
    expect(item.textContent).toContain('Sabit');
    expect(item.querySelector('a')?.getAttribute('href')).toBe('/pages/notice/detail?id=1');
    expect(calls).toEqual(['public']);
  });

  it('shows a signed-in user read marks, and opening an unread notice reads it', async () => {
    setSession({ userToken: 'tok', userTokenReal: 'tok', userTokenDemo: 'd', user: { id: '1' } });
    const list = renderAt('/pages/notice/list', '/pages/notice/list', NoticeListScreen);
    expect((await screen.findByTestId('notice-item-2')).dataset.read).toBe('false');
    list.unmount();
    renderAt('/pages/notice/detail?id=2', '/pages/notice/detail', NoticeDetailScreen);
    expect((await screen.findByTestId('notice-detail')).textContent).toContain('Metin 2');
    await waitFor(() => expect(calls).toEqual(['user', 'read:id=2']));
  });

  it('loads the list itself when a detail is opened directly, and says when it is gone', async () => {
    renderAt('/pages/notice/detail?id=1', '/pages/notice/detail', NoticeDetailScreen);
    expect((await screen.findByTestId('notice-detail')).textContent).toContain('Metin 1');
    // One notice is open: the bar names it in the singular, as the article screen does.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Duyuru');
    cleanup();
    renderAt('/pages/notice/detail?id=99', '/pages/notice/detail', NoticeDetailScreen);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Bulunamadı');
    expect(screen.getByTestId('notice-missing').getAttribute('href')).toBe('/pages/notice/list');
    expect(calls.every((c) => c === 'public')).toBe(true);
  });

  it('opened without an id, points to the notices instead of saying "not found"', async () => {
    renderAt('/pages/notice/detail', '/pages/notice/detail', NoticeDetailScreen);
    const pick = await screen.findByTestId('notice-pick');
    expect(pick.getAttribute('href')).toBe('/pages/notice/list');
    expect(screen.getByTestId('empty-state').textContent).toContain('Bir duyuru seçin');
    expect(screen.getByTestId('empty-state').textContent).not.toContain('Bulunamadı');
    expect(calls).toEqual([]);
  });
});

describe('news', () => {
  it('lists articles', async () => {
    renderAt('/pages/news/list', '/pages/news/list', NewsListScreen);
    const item = await screen.findByTestId('news-item-7');
    expect(item.querySelector('a')?.getAttribute('href')).toBe('/pages/news/detail?id=7');
  });

  it('renders the article body sanitized', async () => {
    renderAt('/pages/news/detail?id=7', '/pages/news/detail', NewsDetailScreen);
    const article = await screen.findByTestId('news-detail');
    expect(article.querySelector('strong')?.textContent).toBe('yükselişle');
    expect(article.querySelector('script, img')).toBeNull();
    const link = article.querySelector('a');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
  });

  it('says when an article is gone', async () => {
    renderAt('/pages/news/detail?id=8', '/pages/news/detail', NewsDetailScreen);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Bulunamadı');
    expect(screen.getByTestId('news-missing').getAttribute('href')).toBe('/pages/news/list');
  });

  it('says the same when the link carries no article id (?id=abc), not an error to retry', async () => {
    renderAt('/pages/news/detail?id=abc', '/pages/news/detail', NewsDetailScreen);
    expect((await screen.findByTestId('empty-state')).textContent).toContain('Bulunamadı');
    expect(screen.getByTestId('news-missing').getAttribute('href')).toBe('/pages/news/list');
    expect(screen.queryByTestId('error-state')).toBeNull();
  });
});
