// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AmountRules } from '../../domain/funding/amounts';
import '../../src/i18n/setup';
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
    cleanup();
    // Filled in ungrouped, so that reading it back never meets an ambiguous "1.250".
    render(<Filled rules={{ decimals: 8, unit: 'ETH' }} initial="1250" />);
    expect(screen.getByTestId<HTMLInputElement>('amount').value).toBe('1250');
    expect(screen.getByTestId('value').textContent).toBe('1250');
  });

  it('shows exactly what is typed, key by key, and sends its canonical reading', () => {
    setLanguage('tr-TR');
    const { input, send, error } = setup({ decimals: 2, unit: 'TRY' });
    typeKeys(input, '1.000,50');
    expect(input.value).toBe('1.000,50');
    expect(error()).toBeNull();
    expect(send()).toBe('1000.5');
    cleanup();
    setLanguage('en-US');
    const en = setup({ decimals: 2, unit: 'TRY' });
    typeKeys(en.input, '1,000.50');
    expect(en.input.value).toBe('1,000.50');
    expect(en.send()).toBe('1000.5');
    // The other locale's grouping is no number here: named, not read as 1.00050.
    fireEvent.change(en.input, { target: { value: '1.000,50' } });
    expect(en.error()).toBe(
      'Use the point (.) once, for decimals; a comma may only group thousands by three (1,234.56).',
    );
    expect(en.send()).toBeNull();
  });

  it.each([
    ['tr-TR', '-5', "0'dan büyük bir sayıyı işaretsiz girin (− ya da + yazmayın)."],
    ['tr-TR', '1e20', 'Sayıyı e kullanmadan tam yazın (1e5 değil, 100000).'],
    [
      'tr-TR',
      '1,2,3',
      'Ondalık için yalnızca bir virgül (,) kullanın; nokta yalnızca binlikleri üçer ayırır (1.234,56).',
    ],
    ['tr-TR', '12a', 'Bu bir sayı değil: yalnızca rakam ve bir ondalık ayırıcı girin.'],
    ['en-US', '−5', 'Enter a number greater than 0, without a sign (no − or +).'],
    ['en-US', '2E-5', 'Write the number out in full, without an e (not 1e5 but 100000).'],
    ['en-US', '12.345', 'USDT takes at most 2 decimal places.'],
  ] as const)(
    '%s: %j stays as typed, says what is wrong at once, and is never sent',
    (lang, text, message) => {
      setLanguage(lang);
      const { input, send, error } = setup({ decimals: 2, unit: 'USDT' });
      typeKeys(input, text);
      expect(input.value).toBe(text);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(error()).toBe(message);
      // Sending says it again rather than reading past it.
      expect(send()).toBeNull();
      expect(error()).toBe(message);
    },
  );

  it('names a fraction of a lot, and asks which reading a coin quantity of "1.250" is', () => {
    setLanguage('tr-TR');
    const lots = setup({ decimals: 0, unit: 'Lot' });
    typeKeys(lots.input, '1,5');
    expect(lots.error()).toBe('Lot tam sayı olmalıdır; ondalık girilemez.');
    expect(lots.send()).toBeNull();
    fireEvent.change(lots.input, { target: { value: '1.000' } });
    expect(lots.send()).toBe('1000');
    cleanup();
    const coin = setup({ decimals: 8, unit: 'ETH' });
    typeKeys(coin.input, '1.250');
    expect(coin.error()).toBe(
      '“1.250” iki türlü okunabilir: ondalık için virgülle (1,25), binlik için noktasız (1250) yazın.',
    );
    expect(coin.send()).toBeNull();
    fireEvent.change(coin.input, { target: { value: '1,250' } });
    expect(coin.send()).toBe('1.25');
  });

  it('a lot of 100 says "a multiple of 100" for a fraction', () => {
    setLanguage('en-US');
    const { input, error } = setup({ decimals: 0, unit: 'lot', step: '100' });
    typeKeys(input, '1.5');
    expect(error()).toBe('lot quantities must be a multiple of 100.');
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
