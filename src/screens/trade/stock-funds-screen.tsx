import '../../components/trade/texts';
import { useTranslation } from '../../i18n/hook';
import { EmptyState } from '../../components/content/state-views';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { TxRecordList } from '../../components/trade/tx-record-list';
import { paths } from '../../paths/paths';
import { StockFundsHead } from './stock-funds-head';
import { ButtonLink } from '../../components/button';

/** /pages/fundsDetail/stockFundsDetail: every booking of the stock account, from the ledger. */
export default function StockFundsScreen() {
  const { t } = useTranslation('trade');
  return (
    <Screen className="stock-funds-screen">
      <Navbar title={t('funds.stock_title')} />
      <div className="screen__body">
        <StockFundsHead />
        <TxRecordList
          wallet="stock"
          empty={
            <EmptyState
              title={t('funds.empty')}
              body={t('funds.empty_body')}
              action={<ButtonLink href={paths.trade}>{t('orders.go_trade')}</ButtonLink>}
            />
          }
        />
      </div>
    </Screen>
  );
}
