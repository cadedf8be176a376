import '../../i18n/account';
import type { TFunction } from 'i18next';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { z } from 'zod';
import type { Locale } from '../../../domain/format/locale';
import { formatDateTime } from '../../../domain/format/date';
import { autoApplyPlan } from '../../../domain/ipo/apply';
import type { UserProfile } from '../../../domain/protocol/account';
import type { IpoDetail } from '../../../domain/protocol/ipo';
import { userEndpoints } from '../../../domain/protocol/endpoints/user';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { Switch } from '../../components/form/switch';
import { formatLots } from '../../components/trade/primary-format';
import { confirm } from '../../services/modal';
import { showToast } from '../../services/toast';
import { patchProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { refreshLoginInfo } from '../../state/login-info';
import { ProfileGate, SecurityFrame } from './security-frame';
import { toastError } from './show-error';
import { formatTry } from '../../../domain/format/number';

const pointsSchema = z.array(z.string());

/** The soonest IPO not open yet (auto-apply acts when it opens); null when none is scheduled. */
function useNextIpo(): IpoDetail | null | undefined {
  const [next, setNext] = useState<IpoDetail | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void (async () => {
      try {
        const coming = await call(ipoEndpoints.coming, { size: 1 }, { silent: true });
        const first = coming.list[0];
        const detail = first ? await call(ipoEndpoints.info, { id: first.id }, { silent: true }) : null;
        if (live) setNext(detail);
      } catch {
        // The rule above still says what happens; only the worked example is missing.
      }
    })();
    return () => {
      live = false;
    };
  }, []);
  return next;
}

/**
 * What auto-apply would do for `ipo`, in figures: the lots it applies for (domain/ipo/apply, the
 * server's rule) and what they freeze — lots × issue price plus the IPO's commission and fees.
 */
function nextIpoText(ipo: IpoDetail, t: TFunction<'account'>, lang: Locale) {
  const plan = autoApplyPlan(ipo);
  if (!plan)
    return t('ipo.next_unfit', { symbol: ipo.symbol, date: formatDateTime(ipo.subscribeStart, lang) });
  const params = {
    // Picks the singular text ('1 lot would be applied for', not '1 lots') where the language has one.
    count: Number(plan.lots),
    symbol: ipo.symbol,
    date: formatDateTime(ipo.subscribeStart, lang),
    lots: formatLots(plan.lots.toString(), lang),
    price: formatTry(ipo.issuePrice, lang),
    amount: formatTry(plan.amount, lang),
    costs: formatTry(plan.costs, lang),
    total: formatTry(plan.total, lang),
  };
  return ipo.paymentMode === 'pay_after' ? t('ipo.next_pay_after', params) : t('ipo.next_hold', params);
}

function AutoApply({ profile }: { profile: UserProfile }) {
  const { t } = useTranslation('account');
  const { lang } = useSnapshot(prefs);
  const labelId = useId();
  const [busy, setBusy] = useState(false);
  const on = profile.openAutoApply === 1;
  const parsed = pointsSchema.safeParse(t('ipo.points', { returnObjects: true }));
  const points = parsed.success ? parsed.data : [];
  const next = useNextIpo();
  const example = next ? nextIpoText(next, t, lang) : null;

  async function toggle() {
    // Turning it on commits money to future subscriptions: ask first, with the rule and, when an
    // IPO is scheduled, what it would freeze for it. Turning it off never commits anything.
    const text = example ? `${t('ipo.confirm_on')} ${example}` : t('ipo.confirm_on');
    if (!on && !(await confirm({ text, confirmText: t('ipo.on') }))) return;
    setBusy(true);
    try {
      await call(userEndpoints.updateAutoApply, { enabled: on ? '0' : '1' }, { silent: true });
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
      {next !== undefined && (
        <section className="account-card" data-testid="ipo-switch-next">
          <h2 className="section-title">{t('ipo.next_title')}</h2>
          <p>{example ?? t('ipo.next_none')}</p>
        </section>
      )}
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
