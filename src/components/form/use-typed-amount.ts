// The error texts it shows ship with the product screens' part (src/i18n/errors-screens.ts).
import '../../i18n/errors-screens';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { compareDecimalText, readDecimal, type DecimalText } from '../../../domain/format/decimal-text';
import { formatDecimal } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import { readTypedNumber, typedTextOf, type TypedNumber } from '../../../domain/format/typed-number';
import type { AmountRules } from '../../../domain/funding/amounts';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';

export type ErrorsT = ReturnType<typeof useTranslation<'errors'>>['t'];

const ONE: DecimalText = { neg: false, digits: '1', exp: 0 };

/** A step as a message shows it, in the field's decimals. */
export const stepText = (step: string, rules: AmountRules, locale: Locale) =>
  formatDecimal(step, locale, { decimals: rules.decimals, minDecimals: 0 });

/** A step coarser than one whole unit (a lot of 5): a fraction is "not a multiple of it", not "not whole". */
function coarserThanOne(step: string): boolean {
  const read = readDecimal(step);
  return read !== null && compareDecimalText(read, ONE) > 0;
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
      return rules.step && coarserThanOne(rules.step)
        ? t('AMOUNT_STEP', { unit: rules.unit, step: stepText(rules.step, rules, locale) })
        : t('AMOUNT_NOT_WHOLE', { unit: rules.unit });
    default:
      return t('AMOUNT_NOT_A_NUMBER');
  }
}

/**
 * What an amount field holds as it is typed: exactly what the user typed (nothing dropped,
 * inserted or regrouped), read whole on every change in the user's locale. `value` is the
 * canonical reading ('' while empty or unreadable) and a text that cannot be read says why at
 * once. Reading is digit work, no decimal.js: an order ticket's fields, which its own rules check,
 * paint without it (useAmountField adds the limits' check a money form makes when it is sent).
 */
export function useTypedAmount(rules: AmountRules, initial = '') {
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
    /** A refusal about the amount found elsewhere (a fee above it, the server's answer). */
    setError: setRefusal,
  };
}

export type TypedAmountState = ReturnType<typeof useTypedAmount>;
