// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import '../../i18n/setup';
import { SAMPLE_STOCKS, samplePage } from '../../../tests/support/sample-market';
import { resetWatchlist, watchlist } from '../../market/watchlist';
import { hideToast, toast } from '../../services/toast';
import { clearUserInfo, setSession } from '../../state/session';
import { StarButton } from './star-button';

const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
let calls: string[] = [];
let refuse = false;
const server = setupServer(
  http.post(`${API}/stock/collect/list`, () =>
    ok(samplePage(SAMPLE_STOCKS.filter((quote) => quote.symbol === 'ASELS'))),
  ),
  http.post(`${API}/coin/collect/list`, () => ok(samplePage([]))),
  http.post(`${API}/:kind/collect/:action`, async ({ params, request }) => {
    const body = await request.text();
    calls.push(`${String(params.kind)}/${String(params.action)} ${body}`);
    if (refuse)
      return HttpResponse.json({ code: -1001, msg: 'Takip listesi dolu', key: 'LIMIT_REACHED', data: null });
    const symbol = new URLSearchParams(body).get('symbol');
    return ok({ symbol, collected: params.action === 'add' });
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  calls = [];
  refuse = false;
  resetWatchlist();
  hideToast();
  history.replaceState(null, '', '/pages/tabbar/markets');
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  clearUserInfo();
});
afterAll(() => server.close());

const signIn = () =>
  setSession({ userToken: 't1', userTokenReal: 't1', userTokenDemo: 'd1', user: { id: '1' } });

describe('StarButton', () => {
  it('sends a guest to sign in, without calling the server', () => {
    render(<StarButton market="stock" symbol="THYAO" />);
    fireEvent.click(screen.getByTestId('star-THYAO'));
    expect(location.pathname).toBe('/pages/account/login');
    expect(calls).toEqual([]);
  });

  it('shows the watchlist, and toggles a star through the API with a toast', async () => {
    signIn();
    render(
      <>
        <StarButton market="stock" symbol="ASELS" />
        <StarButton market="index" symbol="XU100" />
        <StarButton market="coin" symbol="BTCUSDT" />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('star-ASELS').getAttribute('aria-pressed')).toBe('true'));
    expect(screen.getByTestId('star-XU100').getAttribute('aria-pressed')).toBe('false');

    fireEvent.click(screen.getByTestId('star-BTCUSDT'));
    await waitFor(() => expect(screen.getByTestId('star-BTCUSDT').getAttribute('aria-pressed')).toBe('true'));
    await waitFor(() => expect(toast.text).toBe('BTCUSDT takip listenize eklendi'));
    fireEvent.click(screen.getByTestId('star-ASELS'));
    await waitFor(() => expect(toast.text).toBe('ASELS takip listenizden çıkarıldı'));
    fireEvent.click(screen.getByTestId('star-XU100'));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls).toEqual(['coin/add symbol=BTCUSDT', 'stock/del symbol=ASELS', 'stock/add symbol=XU100']);
  });

  it('keeps a star flipped while the watchlist was still loading (the list predates the click)', async () => {
    let answerList: () => void = () => undefined;
    const listed = new Promise<void>((resolve) => (answerList = resolve));
    server.use(
      http.post(`${API}/coin/collect/list`, async () => {
        await listed; // answered after the click: a list fetched before the add reached the server
        return ok(samplePage([]));
      }),
    );
    signIn();
    render(<StarButton market="coin" symbol="SOLUSDT" />);
    fireEvent.click(screen.getByTestId('star-SOLUSDT'));
    await waitFor(() => expect(calls).toEqual(['coin/add symbol=SOLUSDT']));
    answerList();
    await waitFor(() => expect(watchlist.loadedFor).toBe('t1'));
    expect(screen.getByTestId('star-SOLUSDT').getAttribute('aria-pressed')).toBe('true');
    expect(watchlist.coin.SOLUSDT).toBe(true);
  });

  it('puts the star back and says why when the server refuses', async () => {
    signIn();
    refuse = true;
    render(<StarButton market="stock" symbol="THYAO" />);
    await waitFor(() => expect(watchlist.loadedFor).toBe('t1'));
    await act(async () => {
      fireEvent.click(screen.getByTestId('star-THYAO'));
    });
    await waitFor(() => expect(toast.text).toBe('Takip listesi dolu'));
    expect(screen.getByTestId('star-THYAO').getAttribute('aria-pressed')).toBe('false');
    expect(watchlist.stock.THYAO).toBeUndefined();
  });
});
