import '../../i18n/account';
import '../../i18n/passkeys';
import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/hook';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import type { Passkey } from '../../../domain/protocol/passkeys';
import { passkeyEndpoints } from '../../../domain/protocol/endpoints/passkeys';
import { call } from '../../api/call';
import { isApiError } from '../../api/request';
import { BusyButton } from '../../components/form/submit-button';
import { RetryMessage } from './retry-message';
import { confirm } from '../../services/modal';
import { addPasskey, ceremonyFailure, preloadPasskeys, supportsPasskeys } from '../../services/passkeys';
import { showToast } from '../../services/toast';
import { prefs } from '../../state/prefs';
import { SecurityFrame } from './security-frame';
import '../../styles/account.css';

type Loaded =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; list: Passkey[] };

function PasskeyRow({
  passkey,
  locale,
  onRemove,
  busy,
}: {
  passkey: Passkey;
  locale: Locale;
  onRemove: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('passkeys');
  return (
    <li className="info-row info-row--stacked passkey-row" data-testid="passkey-row">
      <div className="info-row__head">
        <span className="info-row__label passkey-row__name" data-testid="passkey-name">
          {passkey.name}
        </span>
        <button
          type="button"
          className="button passkey-row__remove"
          data-testid="passkey-remove"
          aria-label={t('delete_label', { name: passkey.name })}
          disabled={busy}
          onClick={onRemove}
        >
          {t('delete')}
        </button>
      </div>
      <p className="info-row__help">
        {t('created', { date: formatDateTime(passkey.createdAt, locale) })}
        <br />
        <span data-testid="passkey-last-used">
          {passkey.lastUsedAt === null
            ? t('never_used')
            : t('last_used', { date: formatDateTime(passkey.lastUsedAt, locale) })}
        </span>
      </p>
    </li>
  );
}

/** The user's passkeys: when each was added and last used; add one on this device, remove one. */
export default function PasskeysScreen() {
  const { t } = useTranslation(['passkeys', 'errors']);
  const supported = supportsPasskeys();
  const { loaded, busy, load, add, remove } = usePasskeys(supported);

  return (
    <SecurityFrame title={t('title')}>
      <div className="screen__body passkeys" data-testid="passkeys">
        <p className="passkeys__lead">{t('lead')}</p>
        <PasskeyStates
          loaded={loaded}
          busy={busy}
          onRetry={() => void load()}
          onRemove={(p) => void remove(p)}
        />
        {supported ? (
          <BusyButton
            busy={busy}
            disabled={loaded.status !== 'ready'}
            className="button button--primary passkeys__add"
            testId="passkeys-add"
            onClick={() => void add()}
          >
            {t('add')}
          </BusyButton>
        ) : (
          <p className="passkeys__unsupported" role="status" data-testid="passkeys-unsupported">
            {t('unsupported')}
          </p>
        )}
      </div>
    </SecurityFrame>
  );
}

/** The list's state: loading, failed (with a retry), empty, or the passkeys. */
function PasskeyStates({
  loaded,
  busy,
  onRetry,
  onRemove,
}: {
  loaded: Loaded;
  busy: boolean;
  onRetry: () => void;
  onRemove: (passkey: Passkey) => void;
}) {
  const { t } = useTranslation('passkeys');
  const locale = useSnapshot(prefs).lang;
  return (
    <>
      {loaded.status === 'loading' && (
        <div aria-busy="true" aria-label={t('loading')} data-testid="passkeys-loading">
          <div className="skeleton skeleton--block" />
          <div className="skeleton skeleton--block" />
        </div>
      )}
      {loaded.status === 'error' && (
        <RetryMessage
          title={t('load_failed')}
          body={loaded.message}
          retry={t('retry')}
          onRetry={onRetry}
          testId="passkeys-error"
          retryTestId="passkeys-retry"
        />
      )}
      {loaded.status === 'ready' &&
        (loaded.list.length === 0 ? (
          <p className="passkeys__empty" data-testid="passkeys-empty">
            {t('empty')}
          </p>
        ) : (
          <ul className="info-list" data-testid="passkeys-list">
            {loaded.list.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                locale={locale}
                busy={busy}
                onRemove={() => onRemove(passkey)}
              />
            ))}
          </ul>
        ))}
    </>
  );
}

/** The passkeys as loaded, and adding or removing one, each told in a toast. */
function usePasskeys(supported: boolean) {
  const { t } = useTranslation(['passkeys', 'errors']);
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoaded({ status: 'loading' });
    try {
      setLoaded({ status: 'ready', list: (await call(passkeyEndpoints.list, {}, { silent: true })).list });
    } catch (error) {
      if (!isApiError(error)) throw error;
      if (error.kind !== 'session') setLoaded({ status: 'error', message: error.msg });
    }
  }, []);

  useEffect(() => {
    void load();
    if (supported) void preloadPasskeys().catch(() => undefined);
  }, [load, supported]);

  function failed(error: unknown) {
    const failure = ceremonyFailure(error);
    if (failure === 'cancelled') showToast(t('cancelled'));
    else if (failure === 'exists') showToast(t('errors:PASSKEY_EXISTS'));
    else if (failure === 'unsupported') showToast(t('unsupported'));
    else if (isApiError(error)) {
      if (error.kind !== 'session') showToast(error.msg);
    } else showToast(t('errors:PASSKEY_FAILED'));
  }

  async function add() {
    setBusy(true);
    try {
      const added = await addPasskey();
      setLoaded((now) => (now.status === 'ready' ? { status: 'ready', list: [...now.list, added] } : now));
      showToast(t('added'));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  async function remove(passkey: Passkey) {
    const ok = await confirm({
      title: t('delete_title'),
      text: t('delete_text', { name: passkey.name }),
      confirmText: t('delete'),
      cancelText: t('cancel'),
    });
    if (!ok) return;
    setBusy(true);
    try {
      await call(passkeyEndpoints.delete, { id: passkey.id }, { silent: true });
      setLoaded((now) =>
        now.status === 'ready' ? { status: 'ready', list: now.list.filter((p) => p.id !== passkey.id) } : now,
      );
      showToast(t('deleted'));
    } catch (error) {
      failed(error);
    } finally {
      setBusy(false);
    }
  }

  return { loaded, busy, load, add, remove };
}
