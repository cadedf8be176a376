import '../styles/kyc-label.css';
import { useTranslation } from '../i18n/hook';
import { useSnapshot } from 'valtio';
import type { IdStatus } from '../../domain/protocol/user';
import { showToast } from '../services/toast';
import { session } from '../state/session';
import { ChevronIcon, CopyIcon, MineIcon } from '../components/icons';

const KYC_TONE: Record<IdStatus, string> = { none: 'muted', pending: 'warn', succ: 'ok', fail: 'alert' };

async function copyId(id: string, copied: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(id);
    showToast(copied);
  } catch {
    // SPEC §8: a failed copy is silently ignored (no clipboard permission, insecure context…).
  }
}

/** Signed in: verified name (else the account), KYC state and id with copy; signed out: the login/register entry. */
export function DrawerHeader({ onOpen }: { onOpen: () => void }) {
  const { t } = useTranslation();
  const { userToken, userInfo, loginInfo } = useSnapshot(session);

  if (userToken === '') {
    return (
      <div className="drawer-header" data-testid="drawer-header" onClick={onOpen}>
        <span className="drawer-header__avatar">
          <MineIcon />
        </span>
        <button type="button" className="drawer-header__name">
          {t('drawer.login_register')}
        </button>
        <ChevronIcon className="drawer-header__chevron" />
      </div>
    );
  }

  const account = loginInfo?.user.account ?? userInfo?.account ?? '';
  // Once the identity is verified the user is greeted by name; the sign-in address stays beneath.
  const name = loginInfo?.user.verifiedName ?? '';
  const idStatus = loginInfo?.user.idStatus ?? userInfo?.idStatus;
  const rawId = loginInfo?.user.id ?? userInfo?.id;
  const id = rawId === undefined ? '' : String(rawId);

  return (
    // The whole header opens the profile (SPEC §2); the inner button gives keyboards a way in.
    <div className="drawer-header" data-testid="drawer-header" onClick={onOpen}>
      <span className="drawer-header__avatar">
        <MineIcon />
      </span>
      <div className="drawer-header__body">
        {name !== '' ? (
          <>
            <button type="button" className="drawer-header__name" data-testid="drawer-name">
              {name}
            </button>
            {account !== '' && (
              <span className="drawer-header__account" data-testid="drawer-account">
                <AccountName account={account} />
              </span>
            )}
          </>
        ) : (
          <button type="button" className="drawer-header__name" data-testid="drawer-account">
            {account === '' ? t('drawer.my_account') : <AccountName account={account} />}
          </button>
        )}
        {idStatus && (
          <span className={`kyc-label kyc-label--${KYC_TONE[idStatus]}`} data-testid="drawer-kyc">
            {t(`kyc.${idStatus}`)}
          </span>
        )}
        {id !== '' && (
          <span className="drawer-header__id">
            <span>
              {t('drawer.user_id')}:{' '}
              <span className="num" data-testid="drawer-user-id">
                {id}
              </span>
            </span>
            <button
              type="button"
              className="icon-button icon-button--small"
              data-testid="drawer-copy-id"
              aria-label={t('drawer.copy_id')}
              onClick={(event) => {
                event.stopPropagation();
                void copyId(id, t('Copy_successful'));
              }}
            >
              <CopyIcon width={18} height={18} />
            </button>
          </span>
        )}
      </div>
      <ChevronIcon className="drawer-header__chevron" />
    </div>
  );
}

/**
 * An email may wrap only after its "@" ("…@exampl / e.com" broke mid-word in the 300 px
 * drawer); anything longer than the line still wraps where it must.
 */
function AccountName({ account }: { account: string }) {
  const at = account.indexOf('@');
  if (at < 0) return account;
  return (
    <>
      {account.slice(0, at + 1)}
      <wbr />
      {account.slice(at + 1)}
    </>
  );
}
