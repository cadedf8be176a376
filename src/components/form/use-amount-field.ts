import { useSnapshot } from 'valtio';
import { displayDecimals } from '../../../domain/format/display';
import { formatMoney } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import { amountProblem, type AmountProblem, type AmountRules } from '../../../domain/funding/amounts';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';
import { stepText, useTypedAmount, type ErrorsT } from './use-typed-amount';

/** A limit in a message, as the unit's balances show it ("₺100,00", "10.502,72 USDT", "5 lot"). */
function limitText(value: string, rules: AmountRules, locale: Locale): string {
  return formatMoney(value, locale, {
    currency: rules.unit,
    decimals: displayDecimals(rules.unit, rules.decimals),
  });
}

/** The words of a problem: what is wrong, with the limit the user must keep to. */
export function amountProblemText(
  problem: AmountProblem,
  rules: AmountRules,
  t: ErrorsT,
  locale: Locale,
): string {
  switch (problem.key) {
    case 'AMOUNT_PRECISION':
      // A field with no unit of its own (an alert's price) says the plain form, not " takes at most…".
      return t('AMOUNT_PRECISION', { ...problem.params, context: rules.unit ? 'unit' : undefined });
    case 'AMOUNT_BELOW_MINIMUM':
      return t('AMOUNT_BELOW_MINIMUM', { min: limitText(problem.params.min, rules, locale) });
    case 'AMOUNT_ABOVE_MAXIMUM':
      return t('AMOUNT_ABOVE_MAXIMUM', { max: limitText(problem.params.max, rules, locale) });
    case 'AMOUNT_ABOVE_BALANCE':
      return t('AMOUNT_ABOVE_BALANCE', { available: limitText(problem.params.available, rules, locale) });
    case 'AMOUNT_STEP':
      return t('AMOUNT_STEP', {
        unit: problem.params.unit,
        step: stepText(problem.params.step, rules, locale),
      });
    default:
      return t(problem.key);
  }
}

/**
 * The state of one AmountField: what is typed, read as it is typed (useTypedAmount), and the
 * limits (minimum, balance, step…) checked by `check()` when the form is sent, with the domain's
 * amountProblem (the server's); `check()` is null while any problem stands.
 */
export function useAmountField(rules: AmountRules, initial = '') {
  const { lang } = useSnapshot(prefs);
  const { t } = useTranslation('errors');
  const typed = useTypedAmount(rules, initial);
  return {
    ...typed,
    /** The canonical amount when it reads and passes every rule; otherwise null, its problem shown. */
    check(): string | null {
      if (typed.problem) return null;
      const found = amountProblem(typed.value, rules);
      typed.setError(found ? amountProblemText(found, rules, t, lang) : '');
      return found ? null : typed.value;
    },
  };
}

export type AmountFieldState = ReturnType<typeof useAmountField>;
