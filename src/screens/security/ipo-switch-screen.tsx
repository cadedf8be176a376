import '../../i18n-account';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { z } from 'zod';
import type { UserProfile } from '../../../domain/protocol/account';
import { setAutoApply } from '../../api/account';
import { Switch } from '../../components/form/switch';
import { confirm } from '../../services/modal';
import { showToast } from '../../services/toast';
import { patchProfile } from '../../state/account';
import { refreshLoginInfo } from '../../state/login-info';
import { ProfileGate, SecurityFrame } from './security-frame';
import { toastError } from './show-error';

const pointsSchema = z.array(z.string());

function AutoApply({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('account');
  const labelId = useId();
  const [busy, setBusy] = useState(false);
  const on = profile.openAutoApply === 1;
  const parsed = pointsSchema.safeParse(t('ipo.points', { returnObjects: true }));
  const points = parsed.success ? parsed.data : [];

  async function toggle() {
    // Turning it on commits money to future subscriptions: ask first. Turning it off never does.
    if (!on && !(await confirm({ text: t('ipo.confirm_on'), confirmText: t('ipo.on') }))) return;
    setBusy(true);
    try {
      await setAutoApply(!on, { silent: true });
      patchProfile({ openAutoApply: on ? 0 : 1 });
      // The drawer's row follows the flag (SPEC §2).
      void refreshLoginInfo();
      showToast(t(on ? 'ipo.done_off' : 'ipo.done_on'));
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="screen__body">
      <ul className="info-list">
        <li className="info-row">
          <span className="info-row__label" id={labelId}>
            {t('ipo.switch')}
          </span>
          <span className="info-row__value" data-testid="ipo-switch-state">
            {on ? t('ipo.on') : t('ipo.off')}
          </span>
          <Switch
            checked={on}
            onToggle={() => void toggle()}
            labelledBy={labelId}
            disabled={busy}
            testId="ipo-switch"
          />
        </li>
      </ul>
      <section className="account-card">
        <h2 className="section-title">{t('ipo.what')}</h2>
        <ul className="bullet-list">
          {points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

export default function IpoSwitchScreen() {
  const { t } = useTranslation('account');
  return (
    <SecurityFrame title={t('ipo.title')}>
      <ProfileGate rows={3}>{(profile) => <AutoApply profile={profile} />}</ProfileGate>
    </SecurityFrame>
  );
}
