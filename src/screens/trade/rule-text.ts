import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/hook';
import { STOCK_RULE_UNITS, type RuleError } from '../../../domain/rules';
import { localizeParams } from '../../components/trade/message-params';
import { prefs } from '../../state/prefs';

/**
 * A broken rule in the user's words: the same errors.json message the server answers with
 * for that key, its figures (band, tick, minimum) in the user's number format with their unit,
 * and a field by the label the ticket shows it under.
 */
export function useRuleText(): (error: RuleError) => string {
  const { t } = useTranslation();
  const { lang: locale } = useSnapshot(prefs);
  return (error) => t(error.key, { ns: 'errors', ...localizeParams(error.params, locale, STOCK_RULE_UNITS) });
}
