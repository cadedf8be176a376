// The error texts it shows ship with the product screens' part (src/i18n-errors-screens.ts).
import '../../i18n-errors-screens';
import { useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import {
  canonicalOf,
  displayOf,
  editAmount,
  type AmountEdit,
  type PlainAmount,
} from '../../../domain/format/amount-text';
import { displayDecimals } from '../../../domain/format/display';
import { formatDecimal, formatMoney } from '../../../domain/format/number';
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

type AmountEditError = Extract<AmountEdit, { ok: false }>['error'];

/** The two readings of an ambiguous paste, in the locale: "100,123" and "100123". */
function ambiguousReadings(pasted: string, locale: Locale): { decimal: string; whole: string } {
  const digits = pasted.replace(/[^\d.,]/g, '');
  const [int = '', frac = ''] = digits.split(/[.,]/);
  return { decimal: displayOf(`${int}.${frac}`, locale), whole: `${int}${frac}` };
}

/**
 * A canonical decimal as the field holds it; anything else leaves it empty. A value the form
 * fills in keeps the decimals it comes with, up to the unit's: a limit price starts as the board
 * quotes it ("318,00", "142,30"), not "318" and "142,3".
 */
function plainOf(canonical: string, decimals: number): PlainAmount {
  if (!/^\d+(\.\d+)?$/.test(canonical)) return '';
  const short = canonicalOf(canonical);
  const frac = canonical.split('.')[1] ?? '';
  if (frac === '' || frac.length > decimals) return short;
  return `${short.split('.')[0]}.${frac}`;
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
      return t('AMOUNT_STEP', {
        unit: problem.params.unit,
        step: formatDecimal(problem.params.step, locale, { decimals: rules.decimals, minDecimals: 0 }),
      });
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
export function useAmountField(rules: AmountRules, initial = '') {
  const { lang } = useSnapshot(prefs);
  const { t } = useTranslation('errors');
  const [plain, setPlain] = useState<PlainAmount>(() => plainOf(initial, rules.decimals));
  const [error, setError] = useState('');
  /** Where the caret goes after the next render, set by an edit the field regrouped. */
  const caret = useRef<number | null>(null);
  const value = /\d/.test(plain) ? canonicalOf(plain) : '';
  const problemText = (problem: AmountProblem) => amountProblemText(problem, rules, t, lang);
  const precisionProblem: AmountProblem = {
    key: 'AMOUNT_PRECISION',
    params: { decimals: rules.decimals, unit: rules.unit },
  };
  // Digits typed after the separator count, zeros too: "1,000" TRY is not one lira typed oddly.
  const tooPrecise = (typed: PlainAmount) => (typed.split('.')[1] ?? '').length > rules.decimals;
  const editErrorText = (error: AmountEditError, pasted: string): string => {
    switch (error) {
      case 'NOT_WHOLE':
        return t('AMOUNT_NOT_WHOLE', { unit: rules.unit });
      case 'ONE_SEPARATOR':
        return t('AMOUNT_ONE_SEPARATOR');
      case 'AMBIGUOUS':
        return t('AMOUNT_AMBIGUOUS', { text: pasted.trim(), ...ambiguousReadings(pasted, lang) });
      default:
        return t('AMOUNT_NOT_A_NUMBER');
    }
  };
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
        setError(editErrorText(edit.error, next));
        return;
      }
      setPlain(edit.plain);
      caret.current = edit.caret;
      setError(tooPrecise(edit.plain) ? problemText(precisionProblem) : '');
    },
    /** A value the form fills in (a "max" button, a retry): a canonical decimal. */
    set(canonical: string) {
      setPlain(plainOf(canonical, rules.decimals));
      caret.current = null;
      setError('');
    },
    /** The canonical amount when it passes every rule; otherwise null, its problem shown. */
    check(): string | null {
      const problem = tooPrecise(plain) ? precisionProblem : amountProblem(value, rules);
      setError(problem ? problemText(problem) : '');
      return problem ? null : value;
    },
    /** A refusal about the amount found elsewhere (a fee above it, the server's answer). */
    setError,
  };
}

export type AmountFieldState = ReturnType<typeof useAmountField>;
