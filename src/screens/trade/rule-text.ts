import { useTranslation } from 'react-i18next';
import { formatDecimal } from '../../../domain/format/number';
import { isCanonicalDecimal } from '../../../domain/format/parse';
import type { RuleError } from '../../../domain/rules';
import { useLocale } from './use-locale';

/**
 * A broken rule in the user's words: the same errors.json message the server answers with
 * for that key, its figures (band, tick, minimum) in the user's number format and a field by
 * the label the ticket shows it under.
 */
export function useRuleText(): (error: RuleError) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (error) => {
    const params: Record<string, string> = {};
    for (const [name, value] of Object.entries(error.params ?? {})) {
      const text = String(value);
      params[name] = isCanonicalDecimal(text)
        ? formatDecimal(text, locale, { decimals: 8, minDecimals: 0 })
        : t(`ticket.${text}`, { ns: 'trade', defaultValue: text });
    }
    return t(error.key, { ns: 'errors', ...params });
  };
}
