// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../i18n/setup';
import { SAMPLE_STATUS } from '../../../tests/support/sample-market';
import { setLanguage } from '../../state/prefs';
import { applyPatch, market, resetMarket } from '../../state/market';
import { ChangeCell } from './change-cell';
import { FeedBadge } from './feed-badge';
import { instrumentHref } from '../../paths/shell-paths';
import { MarketStatusLine } from './market-status-line';
import { FLASH_MS } from './flash';
import { PriceCell } from './price-cell';

afterEach(() => {
  cleanup();
  resetMarket();
  setLanguage('tr-TR');
});

// One list per query, whose `matches` follows the setting, as a browser's MediaQueryList does:
// the cell asks for the list once and reads it on every flash.
const reducedMotionList = { matches: false };
vi.stubGlobal('matchMedia', (query: string) =>
  query.includes('reduce') ? reducedMotionList : { matches: false },
);

function stubReducedMotion(reduce: boolean) {
  reducedMotionList.matches = reduce;
}

/** Two price cells side by side, a and b. */
const pair = (a: string, b: string) => (
  <>
    <PriceCell value={a} decimals={2} locale="en-US" testId="a" />
    <PriceCell value={b} decimals={2} locale="en-US" testId="b" />
  </>
);

describe('PriceCell', () => {
  // The tints' clock and their shared timer, run out after each test so none is left for the next.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.runAllTimers();
    vi.useRealTimers();
  });

  it('tints the DOM node in the move direction, with one render per value', () => {
    stubReducedMotion(false);
    let renders = 0;
    const cell = (value: string) => (
      <Profiler id="cell" onRender={() => renders++}>
        <PriceCell value={value} decimals={2} locale="tr-TR" testId="p" />
      </Profiler>
    );
    const view = render(cell('10.005'));
    const node = screen.getByTestId('p');
    expect(node.textContent).toBe('10,00');
    expect(node.dataset.flash).toBeUndefined();
    view.rerender(cell('10.50'));
    expect(node.dataset.flash).toBe('up');
    view.rerender(cell('10.70'));
    expect(node.dataset.flash).toBe('up');
    view.rerender(cell('9.99'));
    expect(node.dataset.flash).toBe('down');
    expect(renders).toBe(4);
    view.rerender(cell('not a number'));
    expect(node.textContent).toBe('--');
    expect(node.dataset.flash).toBe('down');
  });

  it('takes the tint off by itself, cells lit together going out together', () => {
    stubReducedMotion(false);
    const view = render(pair('1', '5'));
    const a = screen.getByTestId('a');
    const b = screen.getByTestId('b');
    view.rerender(pair('2', '5'));
    vi.advanceTimersByTime(40);
    view.rerender(pair('2', '4'));
    expect([a.dataset.flash, b.dataset.flash]).toEqual(['up', 'down']);
    // a is due 40 ms before b: the sweep that takes a off takes b with it.
    vi.advanceTimersByTime(FLASH_MS - 40);
    expect([a.dataset.flash, b.dataset.flash]).toEqual([undefined, undefined]);
    // A move while lit keeps the cell lit for a whole tint from that move.
    view.rerender(pair('3', '4'));
    vi.advanceTimersByTime(FLASH_MS - 100);
    view.rerender(pair('4', '4'));
    vi.advanceTimersByTime(FLASH_MS - 100);
    expect(a.dataset.flash).toBe('up');
    vi.advanceTimersByTime(100);
    expect(a.dataset.flash).toBeUndefined();
  });

  it("takes off a tint that is nearly due in another cell's move, in the same frame", () => {
    stubReducedMotion(false);
    const view = render(pair('1', '5'));
    view.rerender(pair('2', '5'));
    // The clock moves and no timer runs: only b's move can take a's tint off.
    const now = vi.spyOn(performance, 'now').mockReturnValue(performance.now() + FLASH_MS - 50);
    view.rerender(pair('2', '6'));
    now.mockRestore();
    expect(screen.getByTestId('a').dataset.flash).toBeUndefined();
    expect(screen.getByTestId('b').dataset.flash).toBe('up');
  });

  it('does not flash when the user prefers reduced motion', () => {
    stubReducedMotion(true);
    const view = render(<PriceCell value="1" decimals={2} locale="en-US" testId="p" />);
    view.rerender(<PriceCell value="2" decimals={2} locale="en-US" testId="p" />);
    expect(screen.getByTestId('p').dataset.flash).toBeUndefined();
    expect(screen.getByTestId('p').textContent).toBe('2.00');
  });
});

describe('ChangeCell', () => {
  it('is green up, red down, neutral flat or unknown, in the locale pattern', () => {
    render(
      <>
        <ChangeCell pct="1.876" locale="tr-TR" testId="up" />
        <ChangeCell pct="-0.5" locale="en-US" testId="down" />
        <ChangeCell pct="0" locale="en-US" testId="flat" />
        <ChangeCell pct="" locale="en-US" testId="unknown" />
      </>,
    );
    expect(screen.getByTestId('up').dataset.tone).toBe('up');
    expect(screen.getByTestId('up').textContent).toBe('+%1,87');
    expect(screen.getByTestId('down').dataset.tone).toBe('down');
    expect(screen.getByTestId('down').textContent).toBe('-0.50%');
    expect(screen.getByTestId('flat').dataset.tone).toBe('flat');
    expect(screen.getByTestId('unknown').textContent).toBe('--');
    expect(screen.getByTestId('unknown').dataset.tone).toBe('flat');
  });
});

describe('FeedBadge', () => {
  it('shows nothing while no screen streams: an idle feed is not "connecting"', () => {
    render(<FeedBadge />);
    expect(screen.queryByTestId('feed-badge')).toBeNull();
  });

  it('shows the feed state in words', async () => {
    market.started = true; // a screen asked for live data
    render(<FeedBadge />);
    const badge = screen.getByTestId('feed-badge');
    expect(badge.dataset.state).toBe('connecting');
    expect(badge.textContent).toBe('Bağlanıyor…');
    await act(async () => applyPatch({ feed: { state: 'stale', since: 5 } }));
    expect(badge.dataset.state).toBe('stale');
    expect(badge.textContent).toBe('Veri gecikiyor');
    await act(async () => setLanguage('en-US'));
    await act(async () => applyPatch({ feed: { state: 'reconnecting', since: 6 } }));
    expect(badge.textContent).toBe('Reconnecting…');
  });

  it('says delayed, not live, while a stream on screen is starved or refused with the socket up', async () => {
    market.started = true;
    render(<FeedBadge />);
    const badge = screen.getByTestId('feed-badge');
    const health = (state: 'waiting' | 'live' | 'stale' | 'refused') => ({ state, heard: 1, reason: null });
    await act(async () =>
      applyPatch({
        feed: { state: 'live', since: 1 },
        streams: { 'ticker|THYAO': health('live'), 'ticker|GARAN': health('waiting') },
      }),
    );
    // A stream still waiting for its first frame shows a placeholder, not a stale figure.
    expect(badge.dataset.state).toBe('live');
    await act(async () => applyPatch({ streams: { 'ticker|GARAN': health('stale') } }));
    expect(badge.dataset.state).toBe('stale');
    expect(badge.textContent).toBe('Veri gecikiyor');
    await act(async () => applyPatch({ streams: { 'ticker|GARAN': health('refused') } }));
    expect(badge.dataset.state).toBe('stale');
    // The stream leaves the screen (unfollowed): the badge vouches for what is left.
    await act(async () => applyPatch({ streams: { 'ticker|GARAN': null } }));
    expect(badge.dataset.state).toBe('live');
  });
});

describe('MarketStatusLine', () => {
  it('says open until the close, or closed with the reason and the next open', async () => {
    const view = render(<MarketStatusLine status={SAMPLE_STATUS} />);
    expect(screen.getByTestId('market-status').textContent).toBe('BIST açık · kapanış 18:00');
    const weekend = {
      ...SAMPLE_STATUS,
      state: 'weekend' as const,
      open: false,
      nextClose: null,
      nextOpen: 1767592800000, // Monday 05.01.2026 09:00 Istanbul
    };
    view.rerender(<MarketStatusLine status={weekend} />);
    expect(screen.getByTestId('market-status').textContent).toBe(
      'BIST kapalı · hafta sonu · açılış 05.01.2026 09:00',
    );
    await act(async () => setLanguage('en-US'));
    expect(screen.getByTestId('market-status').textContent).toBe(
      'BIST closed · weekend · opens 01/05/2026, 9:00 AM',
    );
    view.rerender(<MarketStatusLine status={{ ...SAMPLE_STATUS, state: 'always_open' }} />);
    expect(screen.getByTestId('market-status').dataset.state).toBe('always_open');
  });
});

describe('instrumentHref', () => {
  it('opens stocks and indices on the stock screen, coins on theirs', () => {
    expect(instrumentHref('stock', 'THYAO')).toBe('/pages/stock/index?symbol=THYAO');
    expect(instrumentHref('index', 'XU100')).toBe('/pages/stock/index?symbol=XU100');
    expect(instrumentHref('coin', 'BTCUSDT')).toBe('/pages/coin/index?symbol=BTCUSDT');
  });
});
