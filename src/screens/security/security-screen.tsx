import '../../i18n/account';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { UserProfile } from '../../../domain/protocol/account';
import { userEndpoints } from '../../../domain/protocol/endpoints/user';
import { call } from '../../api/call';
import { Switch } from '../../components/form/switch';
import { InfoLinkRow } from '../../components/link-list';
import { showToast } from '../../services/toast';
import { patchProfile } from '../../state/account';
import { session } from '../../state/session';
import { ProfileGate, SecurityFrame } from './security-frame';
import { toastError } from './show-error';
import { passwordHref, paths } from '../../paths/paths';
import { maskEmail } from '../../../domain/format/mask-email';

type RowName =
  | 'loginPassword'
  | 'passkeys'
  | 'tradePassword'
  | 'withdrawPassword'
  | 'email'
  | 'account'
  | 'ipoSwitch'
  | 'privacy';

function Row({ name, href, value }: { name: RowName; href: string; value?: string }) {
  const { t } = useTranslation('account');
  return (
    <InfoLinkRow
      href={href}
      label={t(`security.rows.${name}`)}
      value={value}
      testId={`security-row-${name}`}
    />
  );
}

/** "Confirm orders with trade password" (DECISIONS §3, default off); needs a trade password to turn on. */
function ConfirmOrdersRow({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('account');
  const labelId = useId();
  const helpId = useId();
  const [busy, setBusy] = useState(false);
  const on = profile.confirmOrdersWithTradePassword;
  const blocked = !on && !profile.tradePasswordSet;

  async function toggle() {
    setBusy(true);
    try {
      await call(userEndpoints.update, { confirmOrdersWithTradePassword: on ? '0' : '1' }, { silent: true });
      patchProfile({ confirmOrdersWithTradePassword: !on });
      showToast(t('security.saved'));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="info-row info-row--stacked" data-testid="security-row-confirmOrders">
      <div className="info-row__head">
        <span className="info-row__label" id={labelId}>
          {t('security.confirm_orders')}
        </span>
        <Switch
          checked={on}
          onToggle={() => void toggle()}
          labelledBy={labelId}
          describedBy={helpId}
          disabled={busy || blocked}
          testId="security-confirm-orders"
        />
      </div>
      <p className="info-row__help" id={helpId}>
        {t('security.confirm_orders_help')}
        {blocked && ` ${t('security.confirm_orders_needs_pin')}`}
      </p>
    </li>
  );
}

function SecurityRows({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('account');
  const { userAccountType } = useSnapshot(session);
  const state = (set: boolean) => (set ? t('security.set') : t('security.not_set'));
  return (
    <div className="screen__body">
      <ul className="info-list">
        <Row name="loginPassword" href={paths.loginPassword} />
        <Row name="passkeys" href={paths.passkeys} />
        <Row name="tradePassword" href={passwordHref('trade')} value={state(profile.tradePasswordSet)} />
        <Row
          name="withdrawPassword"
          href={passwordHref('withdraw')}
          value={state(profile.withdrawPasswordSet)}
        />
        <Row
          name="email"
          href={paths.email}
          value={profile.email ? maskEmail(profile.email) : t('profile.email_none')}
        />
      </ul>
      <ul className="info-list">
        <ConfirmOrdersRow profile={profile} />
      </ul>
      <ul className="info-list">
        <Row name="account" href={paths.account} value={t(`account_mgmt.${userAccountType}`)} />
        <Row
          name="ipoSwitch"
          href={paths.ipoSwitch}
          value={profile.openAutoApply === 1 ? t('ipo.on') : t('ipo.off')}
        />
        <Row name="privacy" href={paths.privacy} />
      </ul>
    </div>
  );
}

export default function SecurityScreen() {
  const { t } = useTranslation('account');
  return (
    <SecurityFrame title={t('security.title')}>
      <ProfileGate rows={6}>{(profile) => <SecurityRows profile={profile} />}</ProfileGate>
    </SecurityFrame>
  );
}
