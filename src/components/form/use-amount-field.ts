import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { canonicalOf, displayOf, editAmount, type PlainAmount } from '../../../domain/format/amount-text';
import { displayDecimals } from '../../../domain/format/display';
import { formatMoney } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import { amountProblem, type AmountProblem, type AmountRules } from '../../../domain/funding/amounts';
import { useTranslation } from '../../i18n-hook';
import { prefs } from '../../state/prefs';

/** A limit in a message, as the unit's balances show it ("₺100,00", "10.502,72 USDT", "5 lot"). */
function limitText(value: string, rules: AmountRules, locale: Locale): string {
  return formatMoney(value, locale, {
    currency: rules.unit,
    decimals: displayDecimals(rules.unit, rules.decimals),
  });
}

type ErrorsT = ReturnType<typeof useTranslation<'errors'>>['t'];

/** The words of a problem: what is wrong, with the limit the user must keep to. */
export function amountProblemText(
  problem: AmountProblem,
  rules: AmountRules,
  t: ErrorsT,
  locale: Locale,
): string {
  switch (problem.key) {
    case 'AMOUNT_PRECISION':
      return t('AMOUNT_PRECISION', { ...problem.params, context: 'unit' });
    case 'AMOUNT_BELOW_MINIMUM':
      return t('AMOUNT_BELOW_MINIMUM', { min: limitText(problem.params.min, rules, locale) });
    case 'AMOUNT_ABOVE_MAXIMUM':
      return t('AMOUNT_ABOVE_MAXIMUM', { max: limitText(problem.params.max, rules, locale) });
    case 'AMOUNT_ABOVE_BALANCE':
      return t('AMOUNT_ABOVE_BALANCE', { available: limitText(problem.params.available, rules, locale) });
    case 'AMOUNT_STEP':
      return t('AMOUNT_STEP', problem.params);
    default:
      return t(problem.key);
  }
}

/**
 * The state of one AmountField: what it shows (grouped in the user's locale as it is typed),
 * the canonical decimal it stands for, and its refusal. Typing shows at once what can never be
 * right (not a number, a second separator, more decimals than the unit takes); the limits are
 * checked by `check()` when the form is sent, with the domain's amountProblem (the server's).
 */
export function useAmountField(rules: AmountRules) {
  const { lang } = useSnapshot(prefs);
  const { t } = useTranslation('errors');
  const [plain, setPlain] = useState<PlainAmount>('');
  const [error, setError] = useState('');
  /** Where the caret goes after the next render, set by an edit the field regrouped. */
  const caret = useRef<number | null>(null);
  const value = /\d/.test(plain) ? canonicalOf(plain) : '';
  const problemText = (problem: AmountProblem) => amountProblemText(problem, rules, t, lang);
  return {
    rules,
    /** The text in the field, in the user's locale. */
    display: displayOf(plain, lang),
    /** The canonical decimal typed so far ('' when nothing is): what a preview may read. */
    value,
    error,
    caret,
    change(next: string) {
      const edit = editAmount(displayOf(plain, lang), next, lang, rules.decimals === 0);
      if (!edit.ok) {
        if (edit.error === 'NOT_WHOLE') setError(t('AMOUNT_NOT_WHOLE', { unit: rules.unit }));
        else setError(t(edit.error === 'ONE_SEPARATOR' ? 'AMOUNT_ONE_SEPARATOR' : 'AMOUNT_NOT_A_NUMBER'));
        return;
      }
      setPlain(edit.plain);
      caret.current = edit.caret;
      const typed = /\d/.test(edit.plain) ? canonicalOf(edit.plain) : '';
      const precision = typed === '' ? null : amountProblem(typed, rules);
      setError(precision?.key === 'AMOUNT_PRECISION' ? problemText(precision) : '');
    },
    /** A value the form fills in (a "max" button, a retry): a canonical decimal. */
    set(canonical: string) {
      setPlain(/^\d+(\.\d+)?$/.test(canonical) ? canonicalOf(canonical) : '');
      caret.current = null;
      setError('');
    },
    /** The canonical amount when it passes every rule; otherwise null, its problem shown. */
    check(): string | null {
      const problem = amountProblem(value, rules);
      setError(problem ? problemText(problem) : '');
      return problem ? null : value;
    },
    /** A refusal about the amount found elsewhere (a fee above it, the server's answer). */
    setError,
  };
}

export type AmountFieldState = ReturnType<typeof useAmountField>;
