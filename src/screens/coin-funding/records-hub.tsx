import { useTranslation } from '../../i18n-hook';
import { LinkList } from '../../components/link-list';
import { paths } from '../../routes/paths';

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
            href: paths.bankRecord,
            label: t('record_hub.bank_deposits'),
            testId: 'hub-bank-deposits',
          },
          {
            href: paths.cryptoDepositRecords,
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
            href: paths.withdrawRecord,
            label: t('record_hub.bank_withdrawals'),
            testId: 'hub-bank-withdrawals',
          },
          {
            href: paths.cryptoWithdrawRecords,
            label: t('record_hub.crypto_withdrawals'),
            testId: 'hub-crypto-withdrawals',
          },
        ]}
      />
    </div>
  );
}
