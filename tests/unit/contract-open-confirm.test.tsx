// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import '../../src/i18n/setup';
import { flushMarketData } from '../../src/market/client';
import ContractPanel from '../../src/screens/contract/contract-panel';
import { account } from '../../src/state/account';
import { setLanguage } from '../../src/state/prefs';
import { openPosition } from './contract-fixtures';
import { API, ok, useContractWorld } from './contract-world';

/**
 * The confirmation of a new contract position shows the take-profit and stop-loss it will carry
 * (a new user set both, and the sheet listed pair, size, margin, fee and
 * liquidation price but not the triggers; a mistyped stop-loss was first seen on the open
 * position). Left empty, the sheet says there is none.
 */
const world = useContractWorld({
  reset: () => {
    account.profile = null;
  },
});

async function openConfirm(takeProfit: string, stopLoss: string): Promise<HTMLElement> {
  render(
    <Router>
      <ContractPanel />
    </Router>,
  );
  await screen.findByTestId('ticket-available');
  world.fake.push({
    feed: { state: 'live', since: 1 },
    tickers: { BTCUSDT: { symbol: 'BTCUSDT', last: '60000', t: 1 } },
    marks: { BTCUSDT: { mark: '60000', funding: null, nextFunding: null, t: 1 } },
  });
  await act(async () => {
    await flushMarketData();
  });
  fireEvent.change(screen.getByTestId('ticket-size'), { target: { value: '100' } });
  fireEvent.change(screen.getByTestId('ticket-tp'), { target: { value: takeProfit } });
  fireEvent.change(screen.getByTestId('ticket-sl'), { target: { value: stopLoss } });
  // The ticket opens once the live price is in (a stream subscribed late hears it at the next flush).
  await waitFor(async () => {
    await act(async () => {
      await flushMarketData();
    });
    expect((screen.getByTestId('ticket-open') as HTMLButtonElement).disabled).toBe(false);
  });
  fireEvent.click(screen.getByTestId('ticket-open'));
  return screen.findByTestId('contract-confirm');
}

describe('the contract confirmation', () => {
  it.each([
    ['en-US', '63000', '58000.5', 'Take-profit', '63,000.00', 'Stop-loss', '58,000.50'],
    ['tr-TR', '63000', '58000,5', 'Kâr al', '63.000,00', 'Zarar durdur', '58.000,50'],
  ] as const)(
    '%s: shows the take-profit and stop-loss typed',
    async (lang, tp, sl, tpLabel, tpShown, slLabel, slShown) => {
      setLanguage(lang);
      const sheet = await openConfirm(tp, sl);
      const takeProfit = within(sheet).getByTestId('confirm-tp');
      const stopLoss = within(sheet).getByTestId('confirm-sl');

      // The label is the row's term, the price its value.
      expect(takeProfit.previousElementSibling?.textContent).toBe(tpLabel);
      expect(takeProfit.textContent).toBe(tpShown);
      expect(stopLoss.previousElementSibling?.textContent).toBe(slLabel);

      expect(stopLoss.textContent).toBe(slShown);
    },
  );

  it.each([
    ['en-US', 'None'],
    ['tr-TR', 'Yok'],
  ] as const)('%s: says there is none when left empty', async (lang, none) => {
    setLanguage(lang);
    const sheet = await openConfirm('', '');
    expect(within(sheet).getByTestId('confirm-tp').textContent).toBe(none);
    expect(within(sheet).getByTestId('confirm-sl').textContent).toBe(none);
  });
});

describe('opening again after a lost answer', () => {
  it('keeps the client order id when the sheet is closed and the same position confirmed again', async () => {
    // "Could not be reached": the user closed the sheet and confirmed the same
    // position again; a new id went out and, the first having opened, the broker opened two.
    const ids: string[] = [];
    world.server.use(
      http.post(`${API}/coin/contract/order/add`, async ({ request }) => {
        ids.push(new URLSearchParams(await request.text()).get('clientOrderId') ?? '');
        if (ids.length === 1) return HttpResponse.error();
        return ok(
          openPosition('7', { side: 'long', qty: '0.01', entryPrice: '60000', margin: '100' }, '0.3'),
        );
      }),
    );
    setLanguage('en-US');
    const sheet = await openConfirm('', '');
    fireEvent.click(within(sheet).getByTestId('contract-confirm-submit'));
    await within(sheet).findByTestId('contract-confirm-error');
    fireEvent.click(within(sheet).getByTestId('contract-confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('contract-confirm')).toBeNull());
    fireEvent.click(screen.getByTestId('ticket-open'));
    fireEvent.click(
      within(await screen.findByTestId('contract-confirm')).getByTestId('contract-confirm-submit'),
    );
    await waitFor(() => expect(screen.queryByTestId('contract-confirm')).toBeNull());
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^c[0-9a-f]{24}$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('keeps it after TRADING_UNCONFIRMED, the screen left and the same position confirmed again', async () => {
    // "The trading service did not answer in time; your request may have been carried out": the
    // position may be open. Ending the intent there gave the next confirmation, back on the
    // screen, a new id, and the broker a second position.
    const ids: string[] = [];
    world.server.use(
      http.post(`${API}/coin/contract/order/add`, async ({ request }) => {
        ids.push(new URLSearchParams(await request.text()).get('clientOrderId') ?? '');
        if (ids.length === 1)
          return HttpResponse.json({
            code: -1001,
            msg: 'Not confirmed',
            key: 'TRADING_UNCONFIRMED',
            data: null,
          });
        return ok(
          openPosition('7', { side: 'long', qty: '0.01', entryPrice: '60000', margin: '100' }, '0.3'),
        );
      }),
    );
    setLanguage('en-US');
    const sheet = await openConfirm('', '');
    fireEvent.click(within(sheet).getByTestId('contract-confirm-submit'));
    expect((await within(sheet).findByTestId('contract-confirm-error')).textContent).toBe('Not confirmed');
    cleanup();

    const again = await openConfirm('', '');
    fireEvent.click(within(again).getByTestId('contract-confirm-submit'));
    await waitFor(() => expect(screen.queryByTestId('contract-confirm')).toBeNull());
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(/^c[0-9a-f]{24}$/);
    expect(ids[1]).toBe(ids[0]);
  });
});
