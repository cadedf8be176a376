// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import type { AccountDataApi } from '../../domain/market-data/contract';
import '../../src/i18n/setup';
import { setAccountDataApi, setMarketDataApi } from '../../src/market/client';
import ContractPanel from '../../src/screens/contract/contract-panel';
import { forgetLeverages } from '../../src/screens/contract/leverage-choice';
import { account } from '../../src/state/account';
import { resetMarket } from '../../src/state/market';
import { resetPositions } from '../../src/state/positions';
import { setLanguage } from '../../src/state/prefs';
import { FakeMarketData } from '../support/fake-market-data';
import { SAMPLE_COIN_INFOS } from '../support/sample-market';
import { CONTRACT_RULES } from './contract-fixtures';

// A new user's contract ticket starts at the lowest leverage the broker offers (it started at
// 10×, ten times the margin typed); a leverage the user picks stays for that pair this visit.
const API = `${location.origin}/ipxtrg-api`;
const ok = (data: unknown) => HttpResponse.json({ code: 0, msg: '', data });
let choices = CONTRACT_RULES.choices;
const server = setupServer(
  http.post(`${API}/coin/infos`, () => ok({ list: SAMPLE_COIN_INFOS })),
  http.post(`${API}/coin/contract/order/multiple`, () => ok({ ...CONTRACT_RULES, choices })),
  http.post(`${API}/coin/assets`, () =>
    ok({
      coin: [],
      contract: { available: '1000', frozen: '0', total: '1000', unrealizedPnl: '0' },
      totalUsdt: '1000',
    }),
  ),
  http.post(`${API}/coin/contract/order/list/active`, () => ok({ list: [] })),
);

class FakeAccount implements AccountDataApi {
  authenticate(): void {}
  setContractPositions(): void {}
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  resetMarket();
  resetPositions();
  forgetLeverages();
  setMarketDataApi(new FakeMarketData());
  setAccountDataApi(new FakeAccount());
  account.profile = null;
  setLanguage('en-US');
  choices = CONTRACT_RULES.choices;
});
afterEach(() => {
  cleanup();
  setAccountDataApi(null);
});

async function openTicket(): Promise<void> {
  render(
    <Router>
      <ContractPanel />
    </Router>,
  );
  await screen.findByTestId('ticket-available');
}

const checked = (choice: number) => screen.getByTestId(`leverage-${choice}`).getAttribute('aria-checked');

describe('the contract ticket leverage', () => {
  it('starts at the lowest choice, not 10×', async () => {
    await openTicket();
    expect(checked(1)).toBe('true');
    for (const other of [2, 3, 5, 10, 20]) expect(checked(other), `${other}×`).toBe('false');
    expect(screen.getByTestId('ticket-open').textContent).toContain('1×');
    // And says so, so the user does not take the starting leverage for a recommendation.
    expect(screen.getByTestId('leverage-note').textContent).toBe(
      'Leverage starts at the lowest choice; your last choice for this pair is kept.',
    );
    cleanup();
    setLanguage('tr-TR');
    await openTicket();
    expect(screen.getByTestId('leverage-note').textContent).toBe(
      'Kaldıraç en düşük seçenekle başlar; bu çiftte son seçtiğiniz hatırlanır.',
    );
  });

  it('starts at the lowest of what the broker offers, in any order', async () => {
    choices = [10, 3, 5];
    await openTicket();
    expect(checked(3)).toBe('true');
    expect(checked(10)).toBe('false');
  });

  it('keeps the leverage the user chose for the pair when the ticket is opened again', async () => {
    await openTicket();
    fireEvent.click(screen.getByTestId('leverage-5'));
    expect(checked(5)).toBe('true');
    cleanup();
    await openTicket();
    expect(checked(5)).toBe('true');
    expect(checked(1)).toBe('false');
  });
});
