import { Fragment } from 'react';
import { useTranslation } from '../../i18n/hook';
import { LinkList } from '../../components/link-list';
import { paths } from '../../paths/paths';

/** Each kind of movement has a bank (lira) list and a crypto list. */
const GROUPS = [
  { kind: 'deposits', bank: paths.bankRecord, crypto: paths.cryptoDepositRecords },
  { kind: 'withdrawals', bank: paths.withdrawRecord, crypto: paths.cryptoWithdrawRecords },
] as const;

/** Where every record list is: bank and crypto deposits, bank and crypto withdrawals. */
export function RecordsHub() {
  const { t } = useTranslation('coinFunding');
  return (
    <div className="funding-stack" data-testid="records-hub">
      {GROUPS.map(({ kind, bank, crypto }) => (
        <Fragment key={kind}>
          <h2 className="funding-group-title">{t(`record_hub.${kind}`)}</h2>
          <LinkList
            label={t(`record_hub.${kind}`)}
            items={[
              { href: bank, label: t(`record_hub.bank_${kind}`), testId: `hub-bank-${kind}` },
              { href: crypto, label: t(`record_hub.crypto_${kind}`), testId: `hub-crypto-${kind}` },
            ]}
          />
        </Fragment>
      ))}
    </div>
  );
}
