import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { AlertRow } from '../../../domain/protocol/alerts';
import { alertEndpoints } from '../../../domain/protocol/endpoints/alerts';
import { call } from '../../api/call';
import { useTranslation } from '../../i18n/hook';
import { onPrivateEvent } from '../../market/private-events';
import { confirm } from '../../services/modal';
import { showToast } from '../../services/toast';
import { prefs } from '../../state/prefs';
import { describeAlert, toastError } from './alert-text';

export type AlertLoad =
  { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; list: AlertRow[] };

/** The account's alerts, read again when one fires (its row changes); deleted after a confirm. */
export function useAlertList() {
  const { t } = useTranslation('alerts');
  const { lang } = useSnapshot(prefs);
  const [load, setLoad] = useState<AlertLoad>({ status: 'loading' });

  const refresh = useCallback(async () => {
    try {
      const page = await call(alertEndpoints.list, { size: 100 }, { silent: true });
      setLoad({ status: 'ready', list: page.list });
    } catch (error) {
      setLoad((now) => (now.status === 'ready' ? now : { status: 'failed', error }));
    }
  }, []);

  useEffect(() => {
    void refresh();
    // A fired alert changes its row (waiting, fired count): read the list again.
    return onPrivateEvent('alerts', () => void refresh());
  }, [refresh]);

  /** Asked again after a failed load: the list's skeleton while it is on its way. */
  const retry = () => {
    setLoad({ status: 'loading' });
    void refresh();
  };

  const added = (row: AlertRow) =>
    setLoad((now) => ({ status: 'ready', list: [row, ...(now.status === 'ready' ? now.list : [])] }));

  async function remove(alert: AlertRow) {
    const sure = await confirm({
      text: t('delete_confirm', { what: describeAlert(alert, t, lang) }),
      confirmText: t('delete'),
    });
    if (!sure) return;
    try {
      await call(alertEndpoints.delete, { id: alert.id }, { silent: true });
      showToast(t('deleted'));
      setLoad((now) =>
        now.status === 'ready' ? { status: 'ready', list: now.list.filter((a) => a.id !== alert.id) } : now,
      );
    } catch (error) {
      toastError(error);
    }
  }

  return { load, retry, added, remove };
}
