import { useTranslation } from '../../i18n-hook';
import { LinkList } from '../../components/link-list';

/** Where every record list is: bank and crypto deposits, bank and crypto withdrawals. */
export function RecordsHub() {
  const { t } = useTranslation('coinFunding');
  return (
    <div className="funding-stack" data-testid="records-hub">
      <h2 className="funding-group-title">{t('record_hub.deposits')}</h2>
      <LinkList
        label={t('record_hub.deposits')}
        items={[
          {
            href: '/pages/recharge/bankRecord',
            label: t('record_hub.bank_deposits'),
            testId: 'hub-bank-deposits',
          },
          {
            href: '/pages/recharge/cryptoRecord',
            label: t('record_hub.crypto_deposits'),
            testId: 'hub-crypto-deposits',
          },
        ]}
      />
      <h2 className="funding-group-title">{t('record_hub.withdrawals')}</h2>
      <LinkList
        label={t('record_hub.withdrawals')}
        items={[
          {
            href: '/pages/withdraw/withdrawRecord',
            label: t('record_hub.bank_withdrawals'),
            testId: 'hub-bank-withdrawals',
          },
          {
            href: '/pages/withdraw/cryptoRecord',
            label: t('record_hub.crypto_withdrawals'),
            testId: 'hub-crypto-withdrawals',
          },
        ]}
      />
    </div>
  );
}
