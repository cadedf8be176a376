import '../../i18n/account';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { TFunction } from 'i18next';
import { useSnapshot } from 'valtio';
import { assetEndpoints } from '../../../domain/protocol/endpoints/assets';
import { call } from '../../api/call';
import { BusyButton } from '../../components/form/submit-button';
import { Segmented } from '../../components/form/segmented';
import { confirm } from '../../services/modal';
import { showToast } from '../../services/toast';
import { demoWasReset, switchAccount } from '../../state/account';
import type { AccountType } from '../../state/persisted';
import { session } from '../../state/session';
import { ProfileGate, SecurityFrame } from './security-frame';
import { toastError } from './show-error';

async function switchTo(type: AccountType, t: TFunction<'account'>): Promise<void> {
  const ok = await confirm({
    text: t(type === 'demo' ? 'account_mgmt.confirm_to_demo' : 'account_mgmt.confirm_to_real'),
    confirmText: t(type === 'demo' ? 'account_mgmt.switch_to_demo' : 'account_mgmt.switch_to_real'),
  });
  if (!ok) return;
  switchAccount(type);
  showToast(t(type === 'demo' ? 'account_mgmt.switched_demo' : 'account_mgmt.switched_real'));
}

/** Which account is in use, what it is, and the switch between them. */
function CurrentAccount() {
  const { t } = useTranslation('account');
  const { userAccountType } = useSnapshot(session);
  const isDemo = userAccountType === 'demo';
  return (
    <section className="account-card" aria-labelledby="account-current">
      <h2 className="hint" id="account-current">
        {t('account_mgmt.current')}
      </h2>
      <p className="account-card__type" data-testid="account-type-label" data-account-type={userAccountType}>
        {t(isDemo ? 'account_mgmt.demo' : 'account_mgmt.real')}
        {isDemo && <span className="demo-badge">{t('demo.badge')}</span>}
      </p>
      <p className="card__text">{t(isDemo ? 'account_mgmt.demo_help' : 'account_mgmt.real_help')}</p>
      <Segmented<AccountType>
        label={t('account_mgmt.current')}
        value={userAccountType}
        options={[
          { value: 'real', label: t('account_mgmt.real'), testId: 'account-switch-real' },
          { value: 'demo', label: t('account_mgmt.demo'), testId: 'account-switch-demo' },
        ]}
        onChange={(type) => {
          if (type !== session.userAccountType) void switchTo(type, t);
        }}
      />
    </section>
  );
}

/** The demo account back to its starting balance, after a confirmation. */
function DemoReset() {
  const { t } = useTranslation('account');
  const [resetting, setResetting] = useState(false);

  async function reset() {
    const ok = await confirm({
      text: t('account_mgmt.demo_reset_confirm'),
      confirmText: t('account_mgmt.demo_reset'),
    });
    // The user may have switched to real (another tab) while the question was open.
    if (!ok || session.userAccountType !== 'demo') return;
    setResetting(true);
    try {
      await call(assetEndpoints.demoReset, {}, { silent: true });
      demoWasReset();
      showToast(t('account_mgmt.demo_reset_done'));
    } catch (error) {
      toastError(error);
    } finally {
      setResetting(false);
    }
  }

  return (
    <section className="account-card">
      <p className="card__text">{t('account_mgmt.demo_reset_help')}</p>
      <BusyButton
        busy={resetting}
        className="button button--secondary"
        testId="demo-reset"
        onClick={() => void reset()}
      >
        {resetting ? t('form.busy') : t('account_mgmt.demo_reset')}
      </BusyButton>
    </section>
  );
}

/** Real ↔ demo (SPEC §4), the demo reset and the investor type. */
export default function AccountScreen() {
  const { t } = useTranslation('account');
  const { userAccountType } = useSnapshot(session);

  return (
    <SecurityFrame title={t('account_mgmt.title')}>
      <div className="screen__body">
        <CurrentAccount />
        {userAccountType === 'demo' && <DemoReset />}

        {/* A failed profile says so, with a retry, rather than a bare "--" for the investor type. */}
        <ProfileGate rows={1}>
          {(profile) => (
            <ul className="info-list">
              <li className="info-row info-row--stacked">
                <div className="info-row__head">
                  <span className="info-row__label">{t('account_mgmt.investor_type')}</span>
                  <span className="info-row__value" data-testid="account-investor-type">
                    {t(`investor.${profile.investorType}`)}
                  </span>
                </div>
                <p className="info-row__help">{t('account_mgmt.investor_help')}</p>
              </li>
            </ul>
          )}
        </ProfileGate>
      </div>
    </SecurityFrame>
  );
}
