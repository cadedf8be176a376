import { useTranslation } from '../../i18n-hook';
import type { RuleError } from '../../../domain/rules';
import { localizeParams } from '../../components/trade/message-params';
import { useLocale } from './use-locale';

/** What a stock rule's figures are counted in: amounts in lira, quantities in lots. */
const STOCK_UNITS: Partial<Record<RuleError['key'], Record<string, string>>> = {
  ORDER_BELOW_MINIMUM: { min: 'TRY' },
};

/**
 * A broken rule in the user's words: the same errors.json message the server answers with
 * for that key, its figures (band, tick, minimum) in the user's number format with their unit,
 * and a field by the label the ticket shows it under.
 */
export function useRuleText(): (error: RuleError) => string {
  const { t } = useTranslation();
  const locale = useLocale();
  return (error) =>
    t(error.key, { ns: 'errors', ...localizeParams(error.params, locale, STOCK_UNITS[error.key]) });
}
