import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime, formatLocalDate } from '../../../domain/format/date';
import type { VipStatus } from '../../../domain/protocol/membership';
import { FormAlert } from '../../components/form/submit-button';
import { FigureRows } from '../../components/trade/figure-rows';
import { DemoNotice } from '../../components/switch-real-button';
import { prefs } from '../../state/prefs';
import { Button } from '../../components/button';
import { NoTradePasswordNotice } from '../../components/trade/password-form';
import { formatTry } from '../../../domain/format/number';

export function StateCard({ vip }: { vip: VipStatus }) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  return (
    <section className={`surface-card mem-card mem-card--${vip.state}`} data-testid="vip-state">
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

export function Purchases({ vip }: { vip: VipStatus }) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  if (vip.purchases.length === 0) return null;
  return (
    <section className="mem-section" data-testid="vip-purchases">
      <h2 className="section-title">{t('vip.purchases_title')}</h2>
      <ul className="mem-list">
        {vip.purchases.map((p) => (
          <li key={p.id} className="split-row mem-row">
            <span className="num">
              {t('vip.purchase_row', {
                from: formatLocalDate(p.startsAt, lang),
                to: formatLocalDate(p.endsAt, lang),
              })}
            </span>
            <span className="num mem-row__figure">{formatTry(p.price, lang)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** What membership gives and costs, disclosed before any button (one trial per person). */
export function VipTerms({ vip }: { vip: VipStatus }) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  return (
    <>
      <section className="mem-section">
        <h2 className="section-title">{t('vip.benefits_title')}</h2>
        <ul className="mem-bullets">
          <li>{t('vip.benefit_advice')}</li>
          <li>{t('vip.benefit_blocks')}</li>
        </ul>
      </section>
      <section className="mem-section">
        <h2 className="section-title">{t('vip.terms_title')}</h2>
        <FigureRows
          testId="vip-terms"
          rows={[
            {
              label: t('vip.trial'),
              // Once started it is not on offer again (one per person): "7 days" read as a trial still to take.
              value: vip.trialAvailable
                ? t('vip.days', { days: vip.trialDays, count: Number(vip.trialDays) })
                : t('vip.trial_used', { days: vip.trialDays, count: Number(vip.trialDays) }),
              testId: 'vip-terms-trial',
            },
            { label: t('vip.price'), value: formatTry(vip.price, lang), testId: 'vip-price' },
            {
              label: t('vip.validity'),
              value: t('vip.days', { days: vip.validityDays, count: Number(vip.validityDays) }),
            },
            { label: t('vip.paid_from'), value: t('vip.paid_from_value') },
          ]}
        />
        <p className="mem-note">{t('vip.trial_note')}</p>
        <p className="mem-note">
          {t('vip.extend_note', { days: vip.validityDays, count: Number(vip.validityDays) })}
        </p>
      </section>
    </>
  );
}

/** A demo account cannot buy: it says so and offers the real account. */
export function VipDemoNote() {
  const { t } = useTranslation('membership');
  return (
    <div className="mem-actions">
      <DemoNotice
        className="mem-warning"
        text={t('vip.demo_note')}
        label={t('vip.switch_real')}
        testId="vip"
      />
    </div>
  );
}

/** The trial (while on offer) and the purchase or extension, after the missing-password notice. */
export function VipActions({
  vip,
  noPassword,
  busy,
  formError,
  onTrial,
  onBuy,
}: {
  vip: VipStatus;
  noPassword: boolean;
  busy: boolean;
  formError: string;
  onTrial: () => void;
  onBuy: () => void;
}) {
  const { t } = useTranslation('membership');
  return (
    <div className="mem-actions">
      {noPassword && (
        <NoTradePasswordNotice
          text={t('vip.password_missing')}
          setLabel={t('vip.password_set')}
          className="notice-card"
          testId="vip-no-password"
        />
      )}
      <FormAlert message={formError} testId="vip-error" />
      {vip.trialAvailable && (
        <Button look="primary" testId="vip-start-trial" disabled={busy} onClick={onTrial}>
          {t('vip.start_trial')}
        </Button>
      )}
      <Button
        look={vip.trialAvailable ? 'secondary' : 'primary'}
        testId="vip-buy"
        disabled={busy || noPassword}
        onClick={onBuy}
      >
        {vip.state === 'purchased' || vip.state === 'trial' ? t('vip.extend') : t('vip.buy')}
      </Button>
    </div>
  );
}
