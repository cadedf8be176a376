import './namespace';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { Link } from 'wouter';
import { formatDate, formatDateTime } from '../../../domain/format/date';
import type { VipStatus } from '../../../domain/protocol/membership';
import { getAssets } from '../../api/assets';
import { membershipEndpoints } from '../../../domain/protocol/endpoints/membership';
import { isApiError } from '../../api/request';
import { call } from '../../api/call';
import { ResultTitle } from '../../components/content/result-title';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { FormAlert } from '../../components/form/submit-button';
import { useMoneyAction } from '../../components/form/use-money-action';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { FigureRows } from '../../components/trade/figure-rows';
import { formatTry } from '../../components/trade/primary-format';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { ADVICE_PATH, TRADE_PASSWORD_PATH } from './paths';
import { VipBuySheet } from './vip-buy-sheet';
import { serverNow } from '../../api/server-clock';
import { SwitchRealButton } from '../../components/switch-real-button';

const loadVip = () => call(membershipEndpoints.vip, {}, { silent: true });
const loadAssets = () => getAssets({ silent: true });
const PASSWORD_KEYS = new Set([
  'TRADE_PASSWORD_INCORRECT',
  'TRADE_PASSWORD_REQUIRED',
  'TRADE_PASSWORD_FORMAT',
]);

function StateCard({ vip }: { vip: VipStatus }) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  return (
    <section className={`mem-card mem-card--${vip.state}`} data-testid="vip-state">
      <span
        className={`mem-badge mem-badge--${vip.active ? 'on' : 'off'}`}
        data-testid={`vip-state-${vip.state}`}
      >
        {t(`vip.state.${vip.state}`)}
      </span>
      {vip.activeUntil !== null && (
        <p className="mem-card__big num" data-testid="vip-until">
          {t('vip.active_until', { date: formatDateTime(vip.activeUntil, lang) })}
        </p>
      )}
      {vip.state === 'none' && (
        <p className="mem-card__body">{t('vip.none_body', { days: vip.trialDays })}</p>
      )}
      {vip.state === 'expired' && <p className="mem-card__body">{t('vip.expired_body')}</p>}
    </section>
  );
}

function Purchases({ vip }: { vip: VipStatus }) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  if (vip.purchases.length === 0) return null;
  return (
    <section className="mem-section" data-testid="vip-purchases">
      <h2 className="mem-section__title">{t('vip.purchases_title')}</h2>
      <ul className="mem-list">
        {vip.purchases.map((p) => (
          <li key={p.id} className="mem-row">
            <span className="num">
              {t('vip.purchase_row', {
                from: formatDate(p.startsAt),
                to: formatDate(p.endsAt),
              })}
            </span>
            <span className="num mem-row__figure">{formatTry(p.price, lang)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function VipBody() {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  const { userAccountType, userToken } = useSnapshot(session);
  const { profile } = useSnapshot(account);
  const vip = useLiveData('vip-status', loadVip);
  const assets = useLiveData('user-assets', loadAssets);
  // Another tab's order or a transfer moves what this form offers (the broker re-checks it).
  useBalancesRefetch(assets.refresh);
  const [sheet, setSheet] = useState(false);
  const trialAction = useMoneyAction();
  const payAction = useMoneyAction();
  const busy = trialAction.busy || payAction.busy;
  const sheetError = payAction.error;
  const [formError, setFormError] = useState('');
  const [done, setDone] = useState('');
  useEffect(() => {
    void loadProfile();
  }, [userToken]);

  if (vip.status === 'loading') return <ListSkeleton rows={5} />;
  if (vip.status === 'error') return <ErrorState error={vip.error} onRetry={vip.reload} />;
  const data = vip.data;
  const demo = userAccountType === 'demo';
  const noPassword = profile?.tradePasswordSet === false;
  const stock = assets.data?.balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY');
  const apply = (next: VipStatus, message: string) => {
    vip.update(() => next);
    setDone(message);
    void loadAssets().then(
      (a) => assets.update(() => a),
      () => undefined,
    );
  };
  const trial = async () => {
    setFormError('');
    const outcome = await trialAction.run(() =>
      call(membershipEndpoints.buy, { plan: 'trial' }, { silent: true }),
    );
    if (outcome.status === 'done') apply(outcome.result, t('vip.trial_started'));
    if (outcome.status === 'refused') {
      trialAction.setError('');
      setFormError(outcome.text);
    }
  };
  const pay = async (pin: string) => {
    const outcome = await payAction.run(() =>
      call(
        membershipEndpoints.buy,
        { plan: 'paid', price: data.price, paidUntil: data.paidUntil ?? 0, tradePassword: pin },
        { silent: true },
      ),
    );
    if (outcome.status === 'done') {
      const next = outcome.result;
      setSheet(false);
      apply(next, t('vip.bought', { date: formatDateTime(next.paidUntil ?? serverNow(), lang) }));
    } else if (outcome.status === 'refused') {
      const { error } = outcome;
      // A password refusal stays in the sheet for another try; anything else is the form's.
      if (isApiError(error) && error.key !== undefined && PASSWORD_KEYS.has(error.key)) return;
      payAction.setError('');
      setSheet(false);
      setFormError(outcome.text);
      vip.reload();
    }
  };

  return (
    <div className="mem-stack">
      <StateCard vip={data} />
      {done !== '' && (
        // The trial button or the sheet is gone: the message takes focus, which reads it (a
        // role=status region that appears with it is not reliably read); a new one, again.
        <div key={done} data-testid="vip-done">
          <ResultTitle className="mem-done">{done}</ResultTitle>
        </div>
      )}
      {data.active && (
        <Link href={ADVICE_PATH} className="button button--primary" data-testid="vip-see-advice">
          {t('vip.see_advice')}
        </Link>
      )}
      <section className="mem-section">
        <h2 className="mem-section__title">{t('vip.benefits_title')}</h2>
        <ul className="mem-bullets">
          <li>{t('vip.benefit_advice')}</li>
          <li>{t('vip.benefit_blocks')}</li>
        </ul>
      </section>
      <section className="mem-section">
        <h2 className="mem-section__title">{t('vip.terms_title')}</h2>
        <FigureRows
          testId="vip-terms"
          rows={[
            {
              label: t('vip.trial'),
              // Once started it is not on offer again (one per person): "7 days" read as a trial still to take.
              value: data.trialAvailable
                ? t('vip.days', { days: data.trialDays })
                : t('vip.trial_used', { days: data.trialDays }),
              testId: 'vip-terms-trial',
            },
            { label: t('vip.price'), value: formatTry(data.price, lang), testId: 'vip-price' },
            { label: t('vip.validity'), value: t('vip.days', { days: data.validityDays }) },
            { label: t('vip.paid_from'), value: t('vip.paid_from_value') },
          ]}
        />
        <p className="mem-note">{t('vip.trial_note')}</p>
        <p className="mem-note">{t('vip.extend_note', { days: data.validityDays })}</p>
      </section>
      {demo ? (
        <div className="mem-actions">
          <p className="mem-warning" role="note" data-testid="vip-demo-note">
            {t('vip.demo_note')}
          </p>
          <SwitchRealButton label={t('vip.switch_real')} testId="vip-switch-real" />
        </div>
      ) : (
        <div className="mem-actions">
          {noPassword && (
            <div className="mem-warning" role="note" data-testid="vip-no-password">
              <p>{t('vip.password_missing')}</p>
              <Link href={TRADE_PASSWORD_PATH} className="button button--secondary">
                {t('vip.password_set')}
              </Link>
            </div>
          )}
          <FormAlert message={formError} testId="vip-error" />
          {data.trialAvailable && (
            <button
              type="button"
              className="button button--primary"
              data-testid="vip-start-trial"
              disabled={busy}
              onClick={() => void trial()}
            >
              {t('vip.start_trial')}
            </button>
          )}
          <button
            type="button"
            className={data.trialAvailable ? 'button button--secondary' : 'button button--primary'}
            data-testid="vip-buy"
            disabled={busy || noPassword}
            onClick={() => {
              payAction.setError('');
              setFormError('');
              setSheet(true);
            }}
          >
            {data.state === 'purchased' || data.state === 'trial' ? t('vip.extend') : t('vip.buy')}
          </button>
        </div>
      )}
      <Purchases vip={data} />
      {sheet && (
        <VipBuySheet
          vip={data}
          available={stock?.available ?? '0'}
          busy={busy}
          error={sheetError}
          onConfirm={(pin) => void pay(pin)}
          onCancel={() => setSheet(false)}
        />
      )}
    </div>
  );
}

/** /pages/stock/vip: the membership, its disclosed terms, the trial and purchases. */
export default function VipScreen() {
  const { t } = useTranslation('membership');
  return (
    <Screen className="mem-screen">
      <Navbar title={t('vip.title')} />
      <div className="screen__body">
        <VipBody />
      </div>
    </Screen>
  );
}
