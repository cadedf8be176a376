// @vitest-environment jsdom
import { act, fireEvent, screen } from '@testing-library/react';
import { http } from 'msw';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import '../../src/i18n/setup';
import { setMarketDataApi } from '../../src/market/client';
import OptionScreen from '../../src/screens/options/option-screen';
import { resetMarket } from '../../src/state/market';
import { setLanguage } from '../../src/state/prefs';
import {
  API,
  brokerQuote,
  formOf,
  newFeed,
  ok,
  profile,
  renderAt,
  rule,
  settle,
  T0,
} from './options-fixtures';
import { screenHooks } from '../support/screen-hooks';

/**
 * What a tap or a keystroke on the options ticket re-renders (INP on a phone): the
 * ticket itself, not its strike list and expiry chips (OptionPicker) nor the payoff chart, whose
 * props a keystroke in the contracts field or the confirmation sheet opening leave as they are.
 */
const server = setupServer(
  http.get(`${API}/stock/index/option/rule`, () => ok(rule())),
  http.post(`${API}/user/assets`, () =>
    ok({
      accountType: 'real',
      balances: [
        { wallet: 'stock', currency: 'TRY', available: '100000', frozen: '0', locked: '0', total: '100000' },
      ],
    }),
  ),
  http.post(`${API}/user/info`, () => ok(profile())),
  http.post(`${API}/stock/order/option/apply`, async ({ request }) => {
    const body = await formOf(request);
    return ok(brokerQuote('q1', '4.9', body.contracts ?? '1'));
  }),
);

type Fiber = {
  type: unknown;
  flags: number;
  child: Fiber | null;
  sibling: Fiber | null;
  stateNode: { current?: Fiber } | null;
};
/** React's PerformedWork flag: the component's function ran in the commit that made this tree. */
const PERFORMED_WORK = 1;

/** The names of the function components that ran in the last commit under `container`. */
function renderedInLastCommit(container: HTMLElement): Set<string> {
  const key = Object.keys(container).find((name) => name.startsWith('__reactContainer$'));
  if (!key) throw new Error('not a React root');
  const hostRoot = (container as unknown as Record<string, Fiber>)[key];
  const names = new Set<string>();
  const walk = (fiber: Fiber | null) => {
    for (let node = fiber; node; node = node.sibling) {
      if (typeof node.type === 'function' && (node.flags & PERFORMED_WORK) !== 0)
        names.add((node.type as { name: string }).name);
      walk(node.child);
    }
  };
  walk(hostRoot?.stateNode?.current ?? null);
  return names;
}

screenHooks(server, {
  now: T0,
  reset: () => {
    resetMarket();
    setMarketDataApi(newFeed());
    setLanguage('en-US');
  },
});

async function openTicket(): Promise<HTMLElement> {
  const { container } = renderAt('/pages/stock/option?symbol=THYAO', OptionScreen);
  await screen.findByTestId('option-ticket');
  await screen.findByTestId('option-available');
  // The worker's first quote: the figures and the payoff chart are there.
  await settle();
  await screen.findByTestId('payoff-chart');
  return container;
}

describe('options ticket re-renders', () => {
  it('a keystroke in the contracts field re-renders the ticket, not the picker nor the payoff chart', async () => {
    const container = await openTicket();
    for (const text of ['2', '23', '234']) {
      act(() => {
        fireEvent.change(screen.getByTestId('option-contracts'), { target: { value: text } });
      });
      const rendered = renderedInLastCommit(container);
      expect(rendered.has('TicketForm')).toBe(true);
      expect(rendered.has('OptionPicker')).toBe(false);
      // The simulated-returns view is the memo boundary the chart sits under: a component under
      // a boundary that bailed out keeps the flags of its last render, so the boundary is what
      // this commit's walk can judge.
      expect(rendered.has('SimulatedReturns')).toBe(false);
    }
  });

  it('opening the confirmation sheet renders the sheet, not the picker nor the payoff chart behind it', async () => {
    const container = await openTicket();
    // The tap's own commit, as a browser runs it (React flushes a discrete update in a microtask):
    // inside act() the sheet's later commits (its quote request) would come first.
    const acting = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    let rendered: Set<string>;
    try {
      screen.getByTestId('option-submit').click();
      await Promise.resolve();
      expect(screen.getByTestId('option-confirm')).toBeTruthy();
      rendered = renderedInLastCommit(container);
    } finally {
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = acting;
    }
    await settle();
    expect(rendered.has('BuySheet')).toBe(true);
    expect(rendered.has('OptionPicker')).toBe(false);
    expect(rendered.has('SimulatedReturns')).toBe(false);
  });

  it('a new pick still reaches the memoised picker and chart', async () => {
    await openTicket();
    fireEvent.click(screen.getByTestId('option-expiry-week'));
    expect(screen.getByTestId('option-expiry-week').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('option-expiry-day').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('option-kind-put'));
    expect(screen.getByTestId('option-kind-put').getAttribute('aria-checked')).toBe('true');
    await settle();
    expect(screen.getByTestId('payoff-chart').textContent).toMatch(/\d/);
  });
});
