import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatIban, normaliseIban } from '../../../domain/funding/iban';
import { formatTry } from '../../../domain/format/number';
import type { RechargeChannel } from '../../../domain/protocol/funding';
import { prefs } from '../../state/prefs';
import { CopyRow } from './copy-row';
import { ButtonLink } from '../../components/button';

/**
 * One of the broker's receiving accounts, with everything the user types into their banking
 * app: IBAN and the reference for the description (both with copy), holder, limits.
 */
export function ChannelCard({
  channel,
  referenceCode,
  href,
}: {
  channel: RechargeChannel;
  referenceCode: string;
  /** Where "deposit to this account" goes; absent when the card is the form's own summary. */
  href?: string;
}) {
  const { t } = useTranslation('funding');
  const { lang } = useSnapshot(prefs);
  const money = (value: string) => formatTry(value, lang);
  const testId = `channel-${channel.id}`;
  return (
    <section className="funding-card" data-testid={testId} aria-label={channel.bankName}>
      <h2 className="funding-card__title">{channel.bankName}</h2>
      <dl className="copy-rows">
        <CopyRow
          label={t('channel.iban')}
          value={normaliseIban(channel.iban)}
          shown={formatIban(normaliseIban(channel.iban))}
          testId={`${testId}-iban`}
        />
        <div className="copy-row">
          <dt className="copy-row__label">{t('channel.holder')}</dt>
          <dd className="copy-row__value">{channel.holderName}</dd>
        </div>
        <CopyRow label={t('channel.reference')} value={referenceCode} testId={`${testId}-reference`} />
        <div className="copy-row">
          <dt className="copy-row__label">{t('deposit.limits')}</dt>
          <dd className="copy-row__value num">
            {t('deposit.range', { min: money(channel.minAmount), max: money(channel.maxAmount) })}
          </dd>
        </div>
      </dl>
      <p className="hint">{t('channel.reference_note')}</p>
      {href && (
        <ButtonLink href={href} testId={`${testId}-use`}>
          {t('channel.use')}
        </ButtonLink>
      )}
    </section>
  );
}
