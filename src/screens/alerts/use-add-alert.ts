import { useState } from 'react';
import { useSnapshot } from 'valtio';
import type { AlertKind } from '../../../domain/alerts/kinds';
import { parseDecimalInput } from '../../../domain/format/parse';
import type { AlertRow } from '../../../domain/protocol/alerts';
import { alertEndpoints } from '../../../domain/protocol/endpoints/alerts';
import { call } from '../../api/call';
import { isApiError } from '../../api/request';
import { useTranslation } from '../../i18n-hook';
import { showToast } from '../../services/toast';
import { prefs } from '../../state/prefs';

export type AlertErrors = { symbol?: string; threshold?: string; form?: string };
type Draft = { symbol: string; kind: AlertKind; threshold: string; window: '5' | '15' | '60' };

/** Which field a refusal is about: the symbol's, the level's, or the form's as a whole. */
function placeRefusal(key: string | undefined, msg: string): AlertErrors {
  if (key === 'UNKNOWN_SYMBOL' || key === 'ALERT_NOT_CONTRACT' || key === 'ALERT_NO_PRICE')
    return { symbol: msg };
  if (key?.startsWith('ALERT_') || key === 'NUMBER_FORMAT') return { threshold: msg };
  return { form: msg };
}

/** Sends the add form: the level read in the reader's notation, refusals under the field they concern. */
export function useAddAlert() {
  const { t } = useTranslation('alerts');
  const { lang } = useSnapshot(prefs);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<AlertErrors>({});

  /** The alert added, or null (refused, or not sent). */
  async function send({ symbol, kind, threshold, window }: Draft): Promise<AlertRow | null> {
    const parsed = parseDecimalInput(threshold, lang);
    if (!parsed.ok) {
      setErrors({ threshold: t('invalid_number') });
      return null;
    }
    setBusy(true);
    setErrors({});
    try {
      const row = await call(
        alertEndpoints.add,
        { symbol, kind, threshold: parsed.value, ...(kind === 'move' ? { period: window } : {}) },
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

  return { send, busy, errors };
}
