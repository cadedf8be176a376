import '../../i18n/pages';
import { useTranslation } from '../../i18n/hook';
import { formatDateTime } from '../../../domain/format/date';
import type { Locale } from '../../../domain/format/locale';
import type { KycState } from '../../../domain/protocol/account';
import { KycImage } from './kyc-image';

/** What was sent, as the server keeps it: numbers masked, images only to their owner. */
export function KycSummary({ state, locale }: { state: KycState; locale: Locale }) {
  const { t } = useTranslation('content');
  const rows = [
    ['cert_type', state.certType ? t(`kyc.form.cert_types.${state.certType}`) : null],
    ['full_name', state.fullName],
    ['cert_number', state.certNumberMasked],
    ['tax_id', state.taxIdMasked],
  ] as const;
  const images = [
    ['front', state.frontImageId],
    ['back', state.backImageId],
  ] as const;
  return (
    <section className="card kyc-summary" aria-labelledby="kyc-summary-title" data-testid="kyc-summary">
      <h2 id="kyc-summary-title" className="section-title">
        {t('kyc.summary_title')}
      </h2>
      <dl className="kyc-summary__rows">
        {rows.map(([key, value]) => (
          <div key={key} className="kyc-summary__row">
            <dt>{t(`kyc.form.${key}`)}</dt>
            <dd className="num">{value ?? '--'}</dd>
          </div>
        ))}
        <div className="kyc-summary__row">
          <dt>{t('kyc.pending.submitted_at')}</dt>
          <dd className="num">{formatDateTime(state.submittedAt, locale)}</dd>
        </div>
      </dl>
      {(state.frontImageId || state.backImageId) && (
        <>
          <h3 className="kyc-summary__subtitle">{t('kyc.images_title')}</h3>
          <div className="kyc-summary__images">
            {images.map(([side, id]) =>
              id ? <KycImage key={side} id={id} label={t(`kyc.form.${side}`)} /> : null,
            )}
          </div>
        </>
      )}
    </section>
  );
}

/** The headline of a state: pending, verified or failed, with what it means for the user. */
export function KycOutcome({ state }: { state: KycState }) {
  const { t } = useTranslation('content');
  if (state.idStatus === 'pending' || state.idStatus === 'succ') {
    return (
      <section className={`card kyc-outcome kyc-outcome--${state.idStatus}`}>
        <h2 className="card__title">{t(`kyc.${state.idStatus}.title`)}</h2>
        <p className="card__text">{t(`kyc.${state.idStatus}.body`)}</p>
      </section>
    );
  }
  if (state.idStatus === 'fail') {
    return (
      <section className="card kyc-outcome kyc-outcome--fail" role="alert">
        <h2 className="card__title">{t('kyc.fail.title')}</h2>
        <p className="card__text">
          <strong>{t('kyc.fail.reason')}: </strong>
          <span data-testid="kyc-fail-reason">{state.reason ?? t('kyc.fail.no_reason')}</span>
        </p>
      </section>
    );
  }
  return null;
}
