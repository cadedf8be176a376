// @vitest-environment jsdom
import Decimal from 'decimal.js';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { MarketPatch } from '../../domain/market-data/contract';
import { positionFigures } from '../../domain/contracts';
import type { ContractPosition } from '../../domain/protocol/contracts';
import { i18n } from '../../src/i18n/setup';
import { flushMarketData } from '../../src/market/client';
import ContractPanel from '../../src/screens/contract/contract-panel';
import { setLanguage } from '../../src/state/prefs';
import { toast } from '../../src/services/toast';
import { CONTRACT_RULES, openPosition } from './contract-fixtures';
import { API, ok, useContractWorld } from './contract-world';

/**
 * Closing a contract position shows its costs before money moves (DECISIONS §2): the estimated
 * exit price (the live mark), the closing fee with its rate, the P&L and what returns to the
 * contract wallet, per position and in total for close all; nothing is sent until confirmed.
 */
const RULES = CONTRACT_RULES;

const position = (id: string, side: 'long' | 'short'): ContractPosition =>
  openPosition(id, { side, qty: '0.5', entryPrice: '60000', margin: '3000' }, '15');

let active: ContractPosition[] = [];
let sent: { path: string; body: Record<string, string> }[] = [];
const world = useContractWorld({
  wallet: { available: '1000', frozen: '6000', total: '7000' },
  active: () => active,
  more: [
    http.post(`${API}/coin/contract/order/close`, async ({ request }) => {
      const body = Object.fromEntries(new URLSearchParams(await request.text()));
      sent.push({ path: 'close', body });
      const closed = active.find((p) => p.id === body.id)!;
      active = active.filter((p) => p.id !== body.id);
      return ok({ ...closed, status: 'closed', closeReason: 'user' });
    }),
    http.post(`${API}/coin/contract/order/liquidate/all`, async ({ request }) => {
      const body = Object.fromEntries(new URLSearchParams(await request.text()));
      sent.push({ path: 'all', body });
      // As the broker: only the named ids (all without a list); a named one not open is gone.
      const named = body.ids?.split(',');
      const closing = active.filter((p) => !named || named.includes(p.id));
      active = active.filter((p) => !closing.includes(p));
      const gone = (named ?? []).filter((id) => !closing.some((p) => p.id === id));
      return ok({ closed: closing.map((p) => ({ ...p, status: 'closed', closeReason: 'all' })), gone });
    }),
  ],
  reset: () => {
    setLanguage('en-US');
    active = [position('1', 'long'), position('2', 'short')];
    sent = [];
  },
});

async function deliver(patch: MarketPatch): Promise<void> {
  world.fake.push(patch);
  await act(async () => {
    await flushMarketData();
  });
}

/** The panel with a live feed, the mark at `mark` and the worker's figures of both positions there. */
async function renderAt(mark: string) {
  render(
    <Router>
      <ContractPanel />
    </Router>,
  );
  await screen.findAllByTestId('position');
  // The mark stream's first health goes out with the flush after its subscription: on a loaded
  // machine the panel could subscribe after the patch below, and the sheet then read "not live".
  await waitFor(() => expect(world.fake.active()).toContain('mark|BTCUSDT'));
  await deliver({
    feed: { state: 'live', since: 1 },
    tickers: { BTCUSDT: { symbol: 'BTCUSDT', last: mark, t: 1 } },
    marks: { BTCUSDT: { mark, funding: null, nextFunding: null, t: 1 } },
    positions: Object.fromEntries(active.map((p) => [p.id, positionFigures(p, mark, RULES, 2)])),
  });
}

function closeButton(id: string): HTMLElement {
  const card = document.querySelector<HTMLElement>(`[data-testid="position"][data-id="${id}"]`)!;
  return within(card).getByTestId('position-close');
}

const figures = () =>
  Object.fromEntries(
    ['close-exit-price', 'close-fee', 'close-pnl', 'close-return', 'close-margin']
      .map((id) => [id, screen.queryByTestId(id)?.textContent])
      .filter(([, text]) => text !== undefined),
  );
/** The breakdown's rows, read back from the screen (en-US), add up to its total as shown. */
function expectRowsAddUp(): void {
  const read = (id: string) => {
    const text = screen.queryByTestId(id)?.textContent;
    return text ? new Decimal(text.replace(/[^0-9.+-]/g, '')) : new Decimal(0);
  };
  const sum = ['close-margin', 'close-pnl', 'close-absorbed', 'close-fee'].reduce(
    (acc, id) => acc.plus(read(id)),
    new Decimal(0),
  );
  expect(sum.toFixed()).toBe(read('close-return').toFixed());
}
const labelOf = (id: string) => screen.getByTestId(id).previousElementSibling?.textContent;
const NB = '\u00a0';

describe('closing a contract position shows its costs before money moves', () => {
  it('a long, in en-US: exit price, fee with its rate, P&L and the return; sent only on confirm', async () => {
    await renderAt('61234.5');
    fireEvent.click(closeButton('1'));
    const sheet = await screen.findByTestId('position-close-confirm');
    expect(within(sheet).getByRole('heading', { level: 2 }).textContent).toBe('Close BTCUSDT Long 10×');
    // The title names the side as the ticket labels it; the sentence as a word of running text.
    expect(screen.getByTestId('close-question').textContent).toBe('Close this long of 0.5000 BTC at market?');
    // 0.5 BTC from 60,000 at 61,234.5: P&L 1234.5 × 0.5 = 617.25; fee 30617.25 × 0.0005 =
    // 15.308625; back 3000 + 617.25 − 15.308625 = 3601.941375, shown 3601.94. Each figure cut to
    // cents read 3000.00 + 617.25 − 15.30 = 3601.95 beside it: the fee is shown as what the rows
    // leave, 15.31, a cent up from its truncation.
    expect(figures()).toEqual({
      'close-margin': `3,000.00${NB}USDT`,
      'close-exit-price': `≈${NB}61,234.50`,
      'close-fee': `≈${NB}-15.31${NB}USDT`,
      'close-pnl': `≈${NB}+617.25${NB}USDT`,
      'close-return': `≈${NB}3,601.94${NB}USDT`,
    });
    expectRowsAddUp();
    expect(labelOf('close-margin')).toBe('Margin released');
    expect(labelOf('close-exit-price')).toBe('Est. exit price');
    expect(labelOf('close-fee')).toBe('Closing fee (0.05%)');
    expect(labelOf('close-pnl')).toBe('Est. P&L (price move)');
    expect(labelOf('close-return')).toBe('Back to wallet (est.)');
    expect(screen.queryByTestId('close-caution')).toBeNull();

    // The figures follow the live mark while the sheet is open; still nothing sent.
    await deliver({
      marks: { BTCUSDT: { mark: '61000', funding: null, nextFunding: null, t: 2 } },
      positions: { '1': positionFigures(active[0]!, '61000', RULES, 2) },
    });
    // P&L 500; fee 30500 × 0.0005 = 15.25; back 3000 + 500 − 15.25 = 3484.75.
    expect(figures()).toMatchObject({
      'close-exit-price': `≈${NB}61,000.00`,
      'close-fee': `≈${NB}-15.25${NB}USDT`,
      'close-pnl': `≈${NB}+500.00${NB}USDT`,
      'close-return': `≈${NB}3,484.75${NB}USDT`,
    });
    expect(sent).toEqual([]);

    fireEvent.click(screen.getByTestId('position-close-confirm-submit'));
    fireEvent.click(screen.getByTestId('position-close-confirm-submit'));
    await waitFor(() => expect(screen.queryByTestId('position-close-confirm')).toBeNull());
    expect(sent).toEqual([{ path: 'close', body: { id: '1' } }]);
  });

  it('a short, in tr-TR: the same figures in Turkish formatting; Vazgeç sends nothing', async () => {
    setLanguage('tr-TR');
    await renderAt('61234.5');
    fireEvent.click(closeButton('2'));
    const sheet = await screen.findByTestId('position-close-confirm');
    expect(within(sheet).getByRole('heading', { level: 2 }).textContent).toBe(
      'BTCUSDT Short 10× pozisyonunu kapat',
    );
    expect(screen.getByTestId('close-question').textContent).toBe(
      '0,5000 BTC short pozisyonu piyasa fiyatından kapatılsın mı?',
    );
    // P&L (60000 − 61234.5) × 0.5 = −617.25; fee 15.308625; back 3000 − 617.25 − 15.308625 = 2367.441375.
    expect(figures()).toEqual({
      'close-margin': `3.000,00${NB}USDT`,
      'close-exit-price': `≈${NB}61.234,50`,
      'close-fee': `≈${NB}-15,31${NB}USDT`,
      'close-pnl': `≈${NB}-617,25${NB}USDT`,
      'close-return': `≈${NB}2.367,44${NB}USDT`,
    });
    expect(labelOf('close-margin')).toBe('Serbest kalan teminat');
    expect(labelOf('close-exit-price')).toBe('Tahmini kapanış fiyatı');
    expect(labelOf('close-fee')).toBe('Kapanış ücreti (%0,05)');
    expect(labelOf('close-pnl')).toBe('Tahmini K/Z (fiyat farkı)');
    // The closed position's figure is net of every fee and funding: it must not share this name
    // ("realised P&L" on both would be two different numbers for one close).
    expect(i18n.t('positions.realized', { ns: 'contract', lng: 'tr-TR' })).toBe('Net K/Z');
    expect(i18n.t('positions.realized', { ns: 'contract', lng: 'en-US' })).toBe('Net P&L');
    expect(labelOf('close-return')).toBe('Cüzdana dönecek (tahmini)');
    expect(screen.getByTestId('position-close-confirm-submit').textContent).toBe('Onayla');
    expect(screen.getByTestId('position-close-confirm-cancel').textContent).toBe('Vazgeç');
    fireEvent.click(screen.getByTestId('position-close-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('position-close-confirm')).toBeNull());
    expect(sent).toEqual([]);
  });

  it('a P&L under a cent keeps its sign and its colour, in both languages; a true zero has neither', async () => {
    active = [position('1', 'long')];
    await renderAt('59999.99');
    fireEvent.click(closeButton('1'));
    await screen.findByTestId('position-close-confirm');
    // 0.5 BTC from 60,000 at 59,999.99: P&L −0.005, which cents would show as −0.00: the rows
    // take a third decimal (3000.000 − 0.005 − 15.000 = 2984.995).
    const pnlRow = () => screen.getByTestId('close-pnl').closest('.figure-rows__row');
    expect(screen.getByTestId('close-pnl').textContent).toBe(`≈${NB}-0.005${NB}USDT`);
    expect(pnlRow()?.className).toContain('figure-rows__row--down');
    expectRowsAddUp();
    await act(async () => setLanguage('tr-TR'));
    expect(screen.getByTestId('close-pnl').textContent).toBe(`≈${NB}-0,005${NB}USDT`);

    await deliver({
      marks: { BTCUSDT: { mark: '60000', funding: null, nextFunding: null, t: 2 } },
      positions: { '1': positionFigures(active[0]!, '60000', RULES, 2) },
    });
    // The decimals stay while the sheet is open (they do not jump with the price).
    expect(screen.getByTestId('close-pnl').textContent).toBe(`≈${NB}0,000${NB}USDT`);
    expect(pnlRow()?.className).not.toMatch(/--(up|down)/);
  });

  it('past the margin, names the loss the user does not pay, so the rows still add up', async () => {
    active = [position('1', 'long')];
    // 0.5 BTC from 60,000 at 53,000: P&L −3500 on a margin of 3000. Protection: nothing comes
    // back, no fee is taken, and the 500 past the margin is the market's. Shown without that
    // row, 3000 − 3500 − 0 = 0 reads wrong to anyone checking it.
    await renderAt('53000');
    fireEvent.click(closeButton('1'));
    await screen.findByTestId('position-close-confirm');
    expect(figures()).toMatchObject({
      'close-margin': `3,000.00${NB}USDT`,
      'close-pnl': `≈${NB}-3,500.00${NB}USDT`,
      'close-fee': `≈${NB}0.00${NB}USDT`,
      'close-return': `≈${NB}0.00${NB}USDT`,
    });
    expect(screen.getByTestId('close-absorbed').textContent).toBe(`≈${NB}+500.00${NB}USDT`);
    expect(labelOf('close-absorbed')).toBe('Loss past the margin (covered, not charged to you)');
    expectRowsAddUp();
    await act(async () => setLanguage('tr-TR'));
    expect(labelOf('close-absorbed')).toBe('Teminatı aşan zarar (karşılanır, sizden alınmaz)');
  });

  it('close all shows the totals over the open positions, in both languages', async () => {
    await renderAt('61234.5');
    fireEvent.click(screen.getByTestId('positions-close-all'));
    await screen.findByTestId('positions-close-all-confirm');
    expect(screen.getByTestId('close-question').textContent).toBe('Close all 2 open positions at market?');
    // Fees 2 × 15.308625 = 30.61725; P&L +617.25 − 617.25 = 0; back 3601.941375 + 2367.441375.
    expect(figures()).toEqual({
      'close-margin': `6,000.00${NB}USDT`,
      'close-fee': `≈${NB}-30.62${NB}USDT`,
      'close-pnl': `≈${NB}0.00${NB}USDT`,
      'close-return': `≈${NB}5,969.38${NB}USDT`,
    });
    expect(labelOf('close-fee')).toBe('Closing fees (0.05%)');
    await act(async () => setLanguage('tr-TR'));
    expect(figures()).toEqual({
      'close-margin': `6.000,00${NB}USDT`,
      'close-fee': `≈${NB}-30,62${NB}USDT`,
      'close-pnl': `≈${NB}0,00${NB}USDT`,
      'close-return': `≈${NB}5.969,38${NB}USDT`,
    });
    expect(labelOf('close-return')).toBe('Cüzdana dönecek toplam (tahmini)');
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByTestId('positions-close-all-confirm-submit'));
    // The two the sheet named, by id.
    await waitFor(() => expect(sent).toEqual([{ path: 'all', body: { ids: '1,2' } }]));
    await screen.findByTestId('empty-state');
  });

  it.each([
    ['en-US', '1 position closed (1 was already closed)'],
    ['tr-TR', '1 pozisyon kapatıldı (1 pozisyon zaten kapanmıştı)'],
  ] as const)(
    'close all closes only what its sheet named and says what was already closed (%s)',
    async (lang, said) => {
      await act(async () => setLanguage(lang));
      await renderAt('61234.5');
      fireEvent.click(screen.getByTestId('positions-close-all'));
      await screen.findByTestId('positions-close-all-confirm');
      // From another device meanwhile: one of the two closed, another opened. The sheet still
      // names the two it showed; the broker closes the one left and says the other was gone.
      active = [position('1', 'long'), position('3', 'short')];
      fireEvent.click(screen.getByTestId('positions-close-all-confirm-submit'));
      await waitFor(() => expect(sent).toEqual([{ path: 'all', body: { ids: '1,2' } }]));
      await waitFor(() => expect(toast.text).toBe(said));
      expect(active.map((p) => p.id)).toEqual(['3']);
    },
  );

  it.each([
    ['en-US', 'Close your one open position at market?'],
    ['tr-TR', 'Açık tek pozisyonunuz piyasa fiyatından kapatılsın mı?'],
  ] as const)('close all of one position asks in the singular (%s)', async (lang, question) => {
    active = [position('1', 'long')];
    await act(async () => setLanguage(lang));
    await renderAt('61234.5');
    fireEvent.click(screen.getByTestId('positions-close-all'));
    await screen.findByTestId('positions-close-all-confirm');
    expect(screen.getByTestId('close-question').textContent).toBe(question);
  });

  it('without a live price shows -- and says so, and a stale feed says the figures may be old; the close is never held back', async () => {
    render(
      <Router>
        <ContractPanel />
      </Router>,
    );
    await screen.findAllByTestId('position');
    await deliver({ feed: { state: 'live', since: 1 } });
    fireEvent.click(closeButton('1'));
    await screen.findByTestId('position-close-confirm');
    expect(figures()).toMatchObject({
      'close-exit-price': '--',
      'close-fee': '--',
      'close-pnl': '--',
      'close-return': '--',
    });
    expect(screen.getByTestId('close-caution').textContent).toBe(
      'No live price yet, so there is no estimate. The close still fills at market.',
    );
    // Taking risk off never waits for the feed.
    expect(screen.getByTestId('position-close-confirm-submit')).toHaveProperty('disabled', false);

    await deliver({ marks: { BTCUSDT: { mark: '61000', funding: null, nextFunding: null, t: 2 } } });
    expect(figures()).toMatchObject({ 'close-return': `≈${NB}3,484.75${NB}USDT` });
    expect(screen.queryByTestId('close-caution')).toBeNull();

    world.fake.streamState('mark|BTCUSDT', { state: 'stale', heard: 1, reason: null });
    await deliver({});
    expect(screen.getByTestId('close-caution').textContent).toBe(
      'Prices are not live right now: the figures above may be out of date. The close still fills at market.',
    );
    expect(sent).toEqual([]);
    fireEvent.click(screen.getByTestId('position-close-confirm-submit'));
    await waitFor(() => expect(sent).toHaveLength(1));
  });
});
