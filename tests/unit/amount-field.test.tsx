// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AmountRules } from '../../domain/funding/amounts';
import '../../src/i18n';
import { AmountField } from '../../src/components/form/amount-field';
import { useAmountField } from '../../src/components/form/use-amount-field';
import { setLanguage } from '../../src/state/prefs';
import { typeKeys } from '../support/type-keys';

/** One field and a send button that runs its check, as every money form does. */
function Harness({ rules, onChecked }: { rules: AmountRules; onChecked: (value: string | null) => void }) {
  const field = useAmountField(rules);
  return (
    <>
      <AmountField field={field} label="Amount" testId="amount" />
      <button type="button" data-testid="send" onClick={() => onChecked(field.check())}>
        send
      </button>
    </>
  );
}

function setup(rules: AmountRules) {
  const checked: (string | null)[] = [];
  render(<Harness rules={rules} onChecked={(value) => checked.push(value)} />);
  const input = screen.getByTestId('amount') as HTMLInputElement;
  const send = () => {
    fireEvent.click(screen.getByTestId('send'));
    return checked.at(-1);
  };
  const error = () => screen.queryByTestId('amount-error')?.textContent ?? null;
  return { input, send, error };
}

afterEach(() => {
  cleanup();
  setLanguage('tr-TR');
});

/** A field the form fills in first, as a ticket's limit price starts at the last trade. */
function Filled({ rules, initial }: { rules: AmountRules; initial: string }) {
  const field = useAmountField(rules, initial);
  return (
    <>
      <AmountField field={field} label="Price" testId="amount" />
      <output data-testid="value">{field.value}</output>
      <button type="button" data-testid="fill" onClick={() => field.set('142.30')}>
        fill
      </button>
    </>
  );
}

describe('AmountField', () => {
  it('shows a filled-in price with its kuruş, and still reads it as the same number', () => {
    render(<Filled rules={{ decimals: 2, unit: 'TRY' }} initial="318.00" />);
    const input = screen.getByTestId<HTMLInputElement>('amount');
    expect(input.value).toBe('318,00');
    expect(screen.getByTestId('value').textContent).toBe('318');
    fireEvent.click(screen.getByTestId('fill'));
    expect(input.value).toBe('142,30');
    expect(screen.getByTestId('value').textContent).toBe('142.3');
    cleanup();
    // More decimals than the unit takes are not kept: the field never opens on a refusal.
    render(<Filled rules={{ decimals: 2, unit: 'TRY' }} initial="5.000000" />);
    expect(screen.getByTestId<HTMLInputElement>('amount').value).toBe('5');
  });

  it('sends the canonical decimal of what it shows, grouped in the locale', () => {
    setLanguage('tr-TR');
    const { input, send } = setup({ decimals: 2, unit: 'TRY' });
    typeKeys(input, '1234567,5');
    expect(input.value).toBe('1.234.567,5');
    expect(send()).toBe('1234567.5');
  });

  it('names a coin step in the locale, and the balance as the wallets show it', () => {
    setLanguage('en-US');
    const { input, send, error } = setup({ decimals: 4, unit: 'ETH', step: '0.001', available: '2.5' });
    typeKeys(input, '1.0005');
    expect(send()).toBeNull();
    expect(error()).toBe('ETH quantities must be a multiple of 0.001.');
    fireEvent.change(input, { target: { value: '' } });
    typeKeys(input, '3');
    expect(send()).toBeNull();
    expect(error()).toBe('More than your available 2.5000\u00a0ETH.');
  });

  it('opens the numeric pad for whole units and the decimal pad otherwise', () => {
    const whole = setup({ decimals: 0, unit: 'lot' });
    expect(whole.input.getAttribute('inputmode')).toBe('numeric');
    cleanup();
    const money = setup({ decimals: 2, unit: 'TRY' });
    expect(money.input.getAttribute('inputmode')).toBe('decimal');
  });
});
