import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { IpoApplication } from '../../../domain/protocol/ipo';
import { ipoEndpoints } from '../../../domain/protocol/endpoints/ipo';
import { call } from '../../api/call';
import { FormAlert } from '../../components/form/submit-button';
import { PasswordConfirmSheet } from '../../components/trade/confirm-sheet';
import type { FigureRow } from '../../components/trade/figure-rows';
import { lotCount } from '../../components/trade/primary-format';
import { usePasswordConfirm } from '../../components/trade/use-password-confirm';
import { prefs } from '../../state/prefs';
import { formatTry } from '../../../domain/format/number';
import { Button } from '../../components/button';

/**
 * A pay-after allotment waiting for payment (SPEC §4 "allocated pending payment"): what is owed,
 * by when, and what happens if it is not paid — then the trade password (DECISIONS §3). The
 * amount is the server's `due` (the lots won at the issue price plus costs), never recomputed
 * here, so what is shown is what is charged. `onPaid` has the paid application; `onRefused`
 * re-reads it (it may have lapsed meanwhile) while the refusal shows here.
 */
export function PayAllotment({
  app,
  onPaid,
  onRefused,
}: {
  app: IpoApplication;
  onPaid: (paid: IpoApplication) => void;
  onRefused: () => void;
}) {
  const { t } = useTranslation('ipo');
  const { lang } = useSnapshot(prefs);
  const confirm = usePasswordConfirm<IpoApplication>({ onDone: onPaid, onRefused });
  const payBy = formatDateTime(app.payBy, lang);
  const rows: FigureRow[] = [
    {
      label: t('record.allotted'),
      value: t('card.lots', lotCount(app.allottedLots ?? '0', lang)),
    },
    { label: t('pay.due'), value: formatTry(app.due, lang), tone: 'strong', testId: 'pay-due' },
    { label: t('pay.pay_by'), value: payBy, testId: 'pay-by' },
  ];
  return (
    <section className="ipo-block ipo-estimate" aria-label={t('pay.title')} data-testid="pay-allotment">
      <h2 className="section-title">{t('pay.title')}</h2>
      <p className="ipo-done__body">{t('pay.body', { amount: formatTry(app.due, lang), date: payBy })}</p>
      <FormAlert message={confirm.formError} testId="pay-error" />
      <Button look="primary" onClick={confirm.show} testId="pay-open">
        {t('pay.button', { amount: formatTry(app.due, lang) })}
      </Button>
      {confirm.open && (
        <PasswordConfirmSheet
          title={t('pay.sheet_title', { symbol: app.symbol })}
          rows={rows}
          costs={<p className="ipo-done__body">{t('pay.lapse_note')}</p>}
          password={{ label: t('order.password_label'), hint: t('pay.password_hint') }}
          tone="buy"
          confirmLabel={t('pay.confirm')}
          sheet={confirm}
          onConfirm={(pin) =>
            void confirm.send(() =>
              call(ipoEndpoints.apply, { id: app.ipoId, action: 'pay', tradePassword: pin }),
            )
          }
          testId="pay-confirm"
        />
      )}
    </section>
  );
}
