// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { Router } from 'wouter';
import { positionFigures, type MarginRules } from '../../domain/contracts';
import { formatMoney } from '../../domain/format/number';
import type { MarketPatch, PositionFigures } from '../../domain/market-data/contract';
import type { ContractPosition, ContractRules, PositionsEvent } from '../../domain/protocol/contracts';
import '../../src/i18n/setup';
import type * as LivePositions from '../../src/market/positions';
import { flushMarketData } from '../../src/market/client';
import ContractPanel from '../../src/screens/contract/contract-panel';
import { toast } from '../../src/services/toast';
import { account } from '../../src/state/account';
import { setLanguage } from '../../src/state/prefs';
import { userProfile } from '../support/user-profile';
import { CONTRACT_RULES, openPosition } from './contract-fixtures';
import { API, ok, useContractWorld } from './contract-world';

/**
 * The contract panel on the worker's live positions: it hands the worker the open positions and
 * the rules, each card reads only its own live figures (one position's tick re-renders one card,
 * a ticker tick none), the list is re-read on the private `positions` channel (no polling), a
 * liquidation or trigger shows a toast in the user's language, and the confirmation asks for the
 * trade password when the profile says so.
 */
const renders = new Map<string, number>();
vi.mock('../../src/market/positions', async (importOriginal) => {
  const actual = await importOriginal<typeof LivePositions>();
  return {
    ...actual,
    // Called once per PositionCard render: counts renders per position id.
    useLivePosition: (id: string) => {
      renders.set(id, (renders.get(id) ?? 0) + 1);
      return actual.useLivePosition(id);
    },
  };
});

const RULES = CONTRACT_RULES;
const MARGIN_RULES: MarginRules = RULES;
const PROFILE = userProfile({
  id: '1',
  account: 'user@example.com',
  email: 'user@example.com',
  idStatus: 'none',
  withdrawPasswordSet: false,
  createdAt: 1_700_000_000_000,
});

const position = (id: string, side: 'long' | 'short', mark = '60000'): ContractPosition =>
  openPosition(id, { side, qty: '0.01', entryPrice: '60000', margin: '60' }, '0.3', mark);
const at = (p: ContractPosition, mark: string): PositionFigures => positionFigures(p, mark, MARGIN_RULES, 2);

let rulesAnswer: ContractRules = RULES;
let active: ContractPosition[] = [];
let activeReads = 0;
let opened: Record<string, string>[] = [];
const world = useContractWorld({
  rules: () => rulesAnswer,
  active: () => {
    activeReads += 1;
    return active;
  },
  more: [
    http.post(`${API}/coin/contract/order/add`, async ({ request }) => {
      opened.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return ok(position('9', 'long'));
    }),
  ],
  reset: () => {
    setLanguage('en-US');
    active = [position('1', 'long'), position('2', 'short'), position('3', 'long')];
    activeReads = 0;
    opened = [];
    renders.clear();
    account.profile = null;
    rulesAnswer = RULES;
  },
});

async function deliver(patch: MarketPatch): Promise<void> {
  world.fake.push(patch);
  await act(async () => {
    await flushMarketData();
  });
}

async function renderPanel() {
  render(
    <Router>
      <ContractPanel />
    </Router>,
  );
  await screen.findAllByTestId('position');
}

/**
 * Presses "Open" once the button takes it, as a user does. The ticket prices the order from the
 * last price as soon as it arrives, but sends it only when this pair's ticker and mark streams are
 * live; their health comes with a later frame than the price (FakeMarketData posts it on the flush
 * after the subscription), and a click on the disabled button before it submits nothing.
 */
async function pressOpen(): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('ticket-open')).toHaveProperty('disabled', false));
  fireEvent.click(screen.getByTestId('ticket-open'));
}

const pnlOf = (id: string) =>
  document.querySelector(`[data-testid="position"][data-id="${id}"] [data-testid="position-pnl"]`)?.firstChild
    ?.textContent;

describe('contract positions on the worker', () => {
  it('the worker follows the open positions; one position’s tick re-renders one card, a ticker tick none', async () => {
    await renderPanel();
    await waitFor(() => expect(world.account.followed.at(-1)).toEqual(['1', '2', '3']));
    // Until the worker's first figures, the REST answer's stand.
    expect(pnlOf('1')?.trim()).toBe(
      formatMoney(active[0]!.unrealizedPnl, 'en-US', { currency: 'USDT', signed: true }),
    );

    await deliver({
      positions: Object.fromEntries(active.map((p) => [p.id, at(p, '61000')])),
      tickers: { BTCUSDT: { symbol: 'BTCUSDT', last: '61000', t: 1 } },
      marks: { BTCUSDT: { mark: '61000', funding: null, nextFunding: null, t: 1 } },
    });
    // In USDT, as the margin and the closed card's P&L are: it was a bare "+10.00".
    expect(pnlOf('1')?.trim()).toBe('+10.00\u00a0USDT');
    expect(pnlOf('2')?.trim()).toBe('-10.00\u00a0USDT');
    renders.clear();

    await deliver({ positions: { '2': at(active[1]!, '59000') } });
    expect(Object.fromEntries(renders)).toEqual({ '2': 1 });
    expect(pnlOf('2')?.trim()).toBe('+10.00\u00a0USDT');

    // The panel re-renders on every ticker and mark tick; the cards must not follow it.
    renders.clear();
    await deliver({
      tickers: { BTCUSDT: { last: '59100', t: 2 } },
      marks: { BTCUSDT: { mark: '59100', funding: null, nextFunding: null, t: 2 } },
    });
    expect(screen.getByTestId('contract-last').textContent).toContain('59,100');
    expect(renders.size).toBe(0);
  });

  it('re-reads the positions on the private channel, not on a timer; a liquidation says so in a toast', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await renderPanel();
      // Something being typed into the ticket survives every re-read below (they run behind it).
      fireEvent.change(screen.getByTestId('ticket-size'), { target: { value: '25' } });
      const reads = activeReads;
      await act(async () => {
        await vi.advanceTimersByTimeAsync(12_000);
      });
      expect(activeReads).toBe(reads);

      const liquidated: ContractPosition = {
        ...active[1]!,
        status: 'liquidated',
        closeReason: 'liquidation',
        closePrice: '65400',
        closedAt: 1_700_000_100_000,
      };
      active = [active[0]!, active[2]!];
      const event: PositionsEvent = { kind: 'liquidation', position: liquidated };
      await deliver({ events: [{ ch: 'positions', data: event }] });
      expect(toast.text).toBe('BTCUSDT Short 10× was liquidated at 65,400.00.');
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      });
      await waitFor(() => expect(world.account.followed.at(-1)).toEqual(['1', '3']));
      // The new list replaced the old in place: never an empty list in between (that would blank
      // every card back to its REST figures until the next mark).
      expect(world.account.followed.slice(-2)).toEqual([
        ['1', '2', '3'],
        ['1', '3'],
      ]);
      expect(activeReads).toBe(reads + 1);
      expect(screen.getAllByTestId('position')).toHaveLength(2);
      expect(world.account.followed.at(-1)).toEqual(['1', '3']);
      const handedOver = world.account.followed.length;
      expect(screen.getByTestId<HTMLInputElement>('ticket-size').value).toBe('25');

      // In Turkish, a take-profit; a resync (events may have been lost) re-reads as well.
      setLanguage('tr-TR');
      const hit: PositionsEvent = {
        kind: 'trigger',
        trigger: 'take_profit',
        position: { ...active[0]!, status: 'closed', closeReason: 'take_profit', closePrice: '66000' },
      };
      await deliver({ events: [{ ch: 'positions', data: hit }] });
      expect(toast.text).toBe('Kâr al tetiklendi: BTCUSDT Long 10× pozisyonu 66.000,00 fiyatından kapandı.');
      await deliver({ events: [{ ch: 'positions', resync: true }] });
      await act(async () => {
        await vi.advanceTimersByTimeAsync(300);
      });
      await waitFor(() => expect(activeReads).toBe(reads + 2));
      // The same positions again: the worker keeps following them, nothing restarts.
      expect(world.account.followed).toHaveLength(handedOver);
      expect(screen.getByTestId<HTMLInputElement>('ticket-size').value).toBe('25');
    } finally {
      vi.useRealTimers();
    }
  });

  it('the what-if panel names the unit of its P&L, as the card’s P&L carries it', async () => {
    await renderPanel();
    const card = document.querySelector<HTMLElement>('[data-testid="position"][data-id="1"]')!;
    fireEvent.click(card.querySelector<HTMLElement>('[data-testid="position-what-if"]')!);
    const pnl = await screen.findByTestId('what-if-pnl');
    // A bare "+0.00 (+0.00%)" under "P&L": of which coin?
    expect(pnl.previousElementSibling?.textContent).toBe('P&L (USDT)');
  });

  it('the card shows the liquidation price the liquidation close fee (0.05% + 0.5%) sets', async () => {
    await renderPanel();
    const liq = (id: string) =>
      document.querySelector(`[data-testid="position"][data-id="${id}"] [data-testid="position-liq"]`)
        ?.textContent;
    // 0.01 BTC from 60,000, margin 60: long (600 − 60) ÷ (0.01 × (1 − 0.005 − 0.0055)) = 54573.016…,
    // short (600 + 60) ÷ (0.01 × 1.0105) = 65314.200…; with the taker fee alone they would be 54298.65 / 65638.98.
    expect(liq('1')).toBe('54,573.02');
    expect(liq('2')).toBe('65,314.20');
    // The worker's figures (same function) replace them on a tick.
    await deliver({ positions: { '1': at(active[0]!, '58000') } });
    expect(liq('1')).toBe('54,573.02');
  });

  it('the confirmation states the liquidation fee: its rate and what it is in money for this order', async () => {
    await renderPanel();
    await deliver({
      feed: { state: 'live', since: 1 },
      tickers: { BTCUSDT: { symbol: 'BTCUSDT', last: '60000', t: 1 } },
    });
    // The hand-computed figures are at 10× (the ticket itself starts at the lowest leverage).
    fireEvent.click(screen.getByTestId('leverage-10'));
    fireEvent.change(screen.getByTestId('ticket-size'), { target: { value: '100' } });
    // Before the button: 0.0166 BTC; at 54573.0166… the liquidation fee (0.5%) is 4.5295…
    await waitFor(() => expect(screen.getByTestId('ticket-liq').textContent).toBe('54,573.02'));
    expect(screen.getByTestId('ticket-liq-fee').textContent).toBe('≈\u00a04.52 USDT');
    expect(screen.getByTestId('ticket-liq-fee').previousElementSibling?.textContent).toBe(
      'Liquidation fee (0.5% of value)',
    );
    await pressOpen();
    const sheet = await screen.findByTestId('contract-confirm-costs');
    expect(sheet.querySelector('[data-testid="ticket-liq-fee"]')?.textContent).toBe('≈\u00a04.52 USDT');
    // All a liquidation charges (0.55%): 4.9825…, as the row's 4.52 and the closing fee 0.46.
    expect(screen.getByTestId('confirm-liq-fee-note').textContent).toBe(
      'If it is liquidated, the close is charged the 0.5% liquidation fee (≈\u00a04.52\u00a0USDT) plus the 0.05% closing fee (≈\u00a00.46\u00a0USDT) of its value: ≈\u00a04.98\u00a0USDT in all at the liquidation price, taken from its margin. You never lose more than the margin.',
    );
    await act(async () => setLanguage('tr-TR'));
    expect(screen.getByTestId('confirm-liq-fee-note').textContent).toBe(
      'Pozisyon tasfiye edilirse kapanışta değeri üzerinden %0,5 tasfiye ücreti (≈\u00a04,52\u00a0USDT) ve %0,05 kapanış ücreti (≈\u00a00,46\u00a0USDT) alınır: tasfiye fiyatında toplam ≈\u00a04,98\u00a0USDT, teminattan düşülür. Hiçbir zaman teminattan fazlasını kaybetmezsiniz.',
    );
  }, 20_000);

  it('the risk disclosure states the liquidation fee rates from the rules, with an example in money', async () => {
    rulesAnswer = { ...RULES, riskAccepted: false, riskVersion: 2 };
    await renderPanel();
    await deliver({
      feed: { state: 'live', since: 1 },
      tickers: { BTCUSDT: { symbol: 'BTCUSDT', last: '60000', t: 1 } },
    });
    // The hand-computed figures are at 10× (the ticket itself starts at the lowest leverage).
    fireEvent.click(screen.getByTestId('leverage-10'));
    fireEvent.change(screen.getByTestId('ticket-size'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('ticket-liq').textContent).toBe('54,573.02'));
    await pressOpen();
    const text = (await screen.findByTestId('risk-liquidation')).textContent;
    expect(text).toContain('the 0.05% closing fee plus a 0.5% liquidation fee');
    expect(text).toContain('(0.55% in all: 5.50\u00a0USDT on a 1,000 USDT position)');
    await act(async () => setLanguage('tr-TR'));
    expect(screen.getByTestId('risk-liquidation').textContent).toContain(
      '%0,05 kapanış ücreti ve %0,5 tasfiye ücreti alınır (toplam %0,55: 1.000 USDT',
    );
    // Accepting still goes on to the confirmation, and the order carries the acceptance.
    fireEvent.click(screen.getByTestId('risk-agree'));
    fireEvent.click(screen.getByTestId('risk-accept'));
    fireEvent.click(await screen.findByTestId('contract-confirm-submit'));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({ acceptRisk: '1' });
  }, 20_000);

  it('asks for the trade password when the profile says so, and sends it with one client order id', async () => {
    account.profile = { ...PROFILE, confirmOrdersWithTradePassword: true };
    await renderPanel();
    await deliver({
      feed: { state: 'live', since: 1 },
      tickers: { BTCUSDT: { symbol: 'BTCUSDT', last: '60000', t: 1 } },
    });
    // The hand-computed figures are at 10× (the ticket itself starts at the lowest leverage).
    fireEvent.click(screen.getByTestId('leverage-10'));
    fireEvent.change(screen.getByTestId('ticket-size'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('ticket-liq').textContent).toBe('54,573.02'));
    await pressOpen();
    const pin = await screen.findByTestId('contract-confirm-password');
    expect(screen.getByTestId('contract-confirm-submit')).toHaveProperty('disabled', true);
    fireEvent.change(pin, { target: { value: '246810' } });
    fireEvent.click(screen.getByTestId('contract-confirm-submit'));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]).toMatchObject({
      symbol: 'BTCUSDT',
      side: 'long',
      leverage: '10',
      tradePassword: '246810',
    });
    expect(opened[0]?.clientOrderId).toMatch(/^c[0-9a-f]{24}$/);
  });
});
