// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Router } from 'wouter';
import '../../src/i18n/setup';
import ContractPanel from '../../src/screens/contract/contract-panel';
import { forgetLeverages } from '../../src/screens/contract/leverage-choice';
import { account } from '../../src/state/account';
import { setLanguage } from '../../src/state/prefs';
import { CONTRACT_RULES } from './contract-fixtures';
import { useContractWorld } from './contract-world';

// A new user's contract ticket starts at the lowest leverage the broker offers (it started at
// 10×, ten times the margin typed); a leverage the user picks stays for that pair this visit.
let choices = CONTRACT_RULES.choices;
useContractWorld({
  rules: () => ({ ...CONTRACT_RULES, choices }),
  reset: () => {
    forgetLeverages();
    account.profile = null;
    setLanguage('en-US');
    choices = CONTRACT_RULES.choices;
  },
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
