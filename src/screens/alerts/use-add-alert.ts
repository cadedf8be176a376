import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { isPriceKind, type AlertKind } from '../../../domain/alerts/kinds';
import { alertLevelProblem } from '../../../domain/alerts/level';
import type { AlertRow } from '../../../domain/protocol/alerts';
import { alertEndpoints } from '../../../domain/protocol/endpoints/alerts';
import { call } from '../../api/call';
import { isApiError } from '../../api/request';
import type { AmountFieldState } from '../../components/form/use-amount-field';
import { useTranslation } from '../../i18n/hook';
import { showToast } from '../../services/toast';
import { market } from '../../state/market';
import { prefs } from '../../state/prefs';
import { figure } from './alert-text';

export type AlertErrors = { symbol?: string; threshold?: string; form?: string };
type Draft = { symbol: string; kind: AlertKind; threshold: AmountFieldState; window: '5' | '15' | '60' };

/** Which field a refusal is about: the symbol's, the level's, or the form's as a whole. */
function placeRefusal(key: string | undefined, msg: string): AlertErrors {
  if (key === 'UNKNOWN_SYMBOL' || key === 'ALERT_NOT_CONTRACT' || key === 'ALERT_NO_PRICE')
    return { symbol: msg };
  // The account's alerts are full: no level would do, so it is said of the form.
  if (key === 'ALERT_LIMIT_REACHED') return { form: msg };
  if (key?.startsWith('ALERT_') || key === 'NUMBER_FORMAT') return { threshold: msg };
  return { form: msg };
}

/**
 * Sends the add form: the level as its amount field read it, a price level first held to the
 * broker's own rule (domain/alerts/level: above 0, near the last price when the page has one),
 * refusals under the field they concern.
 */
export function useAddAlert() {
  const { t } = useTranslation('alerts');
  const { t: te } = useTranslation('errors');
  const { lang } = useSnapshot(prefs);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<AlertErrors>({});

  /** Why the level cannot be sent as it stands, in words; null when it can. */
  function levelRefusal(symbol: string, kind: AlertKind, value: string): string | null {
    if (!isPriceKind(kind)) return null;
    const problem = alertLevelProblem(value, market.tickers[symbol]?.last ?? null);
    if (problem === null) return null;
    if (problem.key === 'ALERT_LEVEL_NOT_POSITIVE') return te(problem.key);
    const { threshold, last, min, max } = problem.params;
    return te(problem.key, {
      threshold: figure(threshold, lang),
      last: figure(last, lang),
      min: figure(min, lang),
      max: figure(max, lang),
    });
  }

  /** The alert added, or null (refused, or not sent). */
  async function send({ symbol, kind, threshold: field, window }: Draft): Promise<AlertRow | null> {
    // A text the field cannot read says so under it already; an empty one is "required".
    const threshold = field.problem ? null : field.value === '' ? field.check() : field.value;
    if (threshold === null) return null;
    const refusal = levelRefusal(symbol, kind, threshold);
    if (refusal !== null) {
      field.setError(refusal);
      return null;
    }
    setBusy(true);
    setErrors({});
    try {
      const row = await call(
        alertEndpoints.add,
        { symbol, kind, threshold, ...(kind === 'move' ? { period: window } : {}) },
        { silent: true },
      );
      showToast(t('added'));
      return row;
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.kind !== 'session') setErrors(placeRefusal(error.key, error.msg));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return { send, busy, errors, clearThreshold: () => setErrors(({ threshold: _, ...rest }) => rest) };
}
