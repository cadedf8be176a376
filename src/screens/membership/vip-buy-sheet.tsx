import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import { purchaseWindow } from '../../../domain/membership/vip';
import type { VipStatus } from '../../../domain/protocol/membership';
import { ConfirmSheet } from '../../components/trade/confirm-sheet';
import { prefs } from '../../state/prefs';
import { serverNow } from '../../api/server-clock';
import { formatTry } from '../../../domain/format/number';

/**
 * The last look before VIP is paid for: price, validity, the new end date (the same
 * domain/membership function the server extends with), the account it is paid from and the
 * balance there; the trade password confirms (DECISIONS §3).
 */
export function VipBuySheet({
  vip,
  available,
  busy,
  error,
  onConfirm,
  onCancel,
}: {
  vip: VipStatus;
  available: string;
  busy: boolean;
  error: string;
  onConfirm: (pin: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  const record = {
    trialStartedAt: vip.trialStartedAt,
    trialEndsAt: vip.trialEndsAt,
    paidUntil: vip.paidUntil,
  };
  const window = purchaseWindow(record, serverNow(), vip.validityDays);
  return (
    <ConfirmSheet
      title={t('vip.sheet_title')}
      rows={[
        {
          label: t('vip.price'),
          value: formatTry(vip.price, lang),
          tone: 'strong',
          testId: 'vip-sheet-price',
        },
        {
          label: t('vip.validity'),
          value: t('vip.days', { days: vip.validityDays, count: Number(vip.validityDays) }),
        },
        { label: t('vip.new_until'), value: formatDateTime(window.endsAt, lang), testId: 'vip-sheet-until' },
        { label: t('vip.paid_from'), value: t('vip.paid_from_value') },
      ]}
      costs={
        <p className="mem-note" data-testid="vip-sheet-available">
          {t('vip.available', { amount: formatTry(available, lang) })}
        </p>
      }
      needPassword
      password={{ label: t('vip.password_label'), hint: t('vip.password_hint') }}
      tone="buy"
      confirmLabel={t('vip.confirm')}
      busy={busy}
      error={error}
      onConfirm={(pin) => onConfirm(pin ?? '')}
      onCancel={onCancel}
      testId="vip-confirm"
    />
  );
}
