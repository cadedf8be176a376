// The error texts it shows ship with the product screens' part (src/i18n/errors-screens.ts).
import '../../i18n/errors-screens';
import Decimal from 'decimal.js';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { displayDecimals } from '../../../domain/format/display';
import { formatDecimal, formatMoney } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import { readTypedNumber, typedTextOf, type TypedNumber } from '../../../domain/format/typed-number';
import { amountProblem, type AmountProblem, type AmountRules } from '../../../domain/funding/amounts';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';

/** A limit in a message, as the unit's balances show it ("₺100,00", "10.502,72 USDT", "5 lot"). */
function limitText(value: string, rules: AmountRules, locale: Locale): string {
  return formatMoney(value, locale, {
    currency: rules.unit,
    decimals: displayDecimals(rules.unit, rules.decimals),
  });
}

type ErrorsT = ReturnType<typeof useTranslation<'errors'>>['t'];

const stepText = (step: string, rules: AmountRules, locale: Locale) =>
  formatDecimal(step, locale, { decimals: rules.decimals, minDecimals: 0 });

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
 * The words of what stands in the way of reading the text (domain/format/typed-number): a sign,
 * an exponent, a separator, the two readings of an ambiguous one, the decimals the unit takes, a
 * fraction of a whole unit (of a lot of N: "a multiple of N").
 */
export function readingProblemText(
  read: Extract<TypedNumber, { ok: false }>,
  typed: string,
  rules: AmountRules,
  t: ErrorsT,
  locale: Locale,
): string {
  switch (read.problem) {
    case 'SIGN':
      return t('AMOUNT_SIGN');
    case 'EXPONENT':
      return t('AMOUNT_EXPONENT');
    case 'SEPARATOR':
      return t('AMOUNT_SEPARATOR');
    case 'AMBIGUOUS':
      return t('AMOUNT_AMBIGUOUS', {
        text: typed.trim(),
        decimal: typedTextOf(read.params?.asDecimal ?? '', locale, Number.MAX_SAFE_INTEGER),
        whole: read.params?.asGrouping ?? '',
      });
    case 'TOO_MANY_DECIMALS':
      return t('AMOUNT_PRECISION', {
        decimals: rules.decimals,
        unit: rules.unit,
        context: rules.unit ? 'unit' : undefined,
      });
    case 'NOT_WHOLE':
      return rules.step && new Decimal(rules.step).gt(1)
        ? t('AMOUNT_STEP', { unit: rules.unit, step: stepText(rules.step, rules, locale) })
        : t('AMOUNT_NOT_WHOLE', { unit: rules.unit });
    default:
      return t('AMOUNT_NOT_A_NUMBER');
  }
}

/**
 * The state of one AmountField. It keeps exactly what the user typed (nothing dropped, inserted
 * or regrouped) and reads the whole text on every change in the user's locale: `value` is the
 * canonical reading ('' while empty or unreadable) and a text that cannot be read says why at
 * once. The limits (minimum, balance, step…) are checked by `check()` when the form is sent, with
 * the domain's amountProblem (the server's); `check()` is null while any problem stands.
 */
export function useAmountField(rules: AmountRules, initial = '') {
  const { lang } = useSnapshot(prefs);
  const { t } = useTranslation('errors');
  const [text, setText] = useState(() => typedTextOf(initial, lang, rules.decimals));
  /** A refusal found when the form was sent, or elsewhere (the server's); cleared by an edit. */
  const [refusal, setRefusal] = useState('');
  const read = readTypedNumber(text, lang, { decimals: rules.decimals, whole: rules.decimals === 0 });
  const problem = read.ok ? '' : readingProblemText(read, text, rules, t, lang);
  const value = read.ok ? (read.value ?? '') : '';
  return {
    rules,
    /** The text in the field, exactly as typed. */
    text,
    /** The canonical decimal it reads as ('' when empty or unreadable): what a preview may read. */
    value,
    /** Why the text cannot be read ('' when it can): a form must not send while it stands. */
    problem,
    error: problem || refusal,
    change(next: string) {
      setText(next);
      setRefusal('');
    },
    /** A value the form fills in (a "max" button, a stepper, a retry): a canonical decimal. */
    set(canonical: string) {
      setText(typedTextOf(canonical, lang, rules.decimals));
      setRefusal('');
    },
    /** The canonical amount when it reads and passes every rule; otherwise null, its problem shown. */
    check(): string | null {
      if (problem) return null;
      const found = amountProblem(value, rules);
      setRefusal(found ? amountProblemText(found, rules, t, lang) : '');
      return found ? null : value;
    },
    /** A refusal about the amount found elsewhere (a fee above it, the server's answer). */
    setError: setRefusal,
  };
}

export type AmountFieldState = ReturnType<typeof useAmountField>;
