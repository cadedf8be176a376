import '../../components/trade/texts';
import '../../styles/trade.css';
import { useTranslation } from '../../i18n-hook';
import { TitledLink } from '../../components/titled-link';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { paths } from '../../routes/paths';

/** /pages/fundsDetail/index: which account's bookings to read. */
export default function FundsIndexScreen() {
  const { t } = useTranslation('trade');
  const items = [
    {
      href: paths.stockFunds,
      title: t('funds.stock'),
      body: t('funds.stock_body'),
      testId: 'funds-stock',
    },
    {
      href: paths.cryptoFunds,
      title: t('funds.crypto'),
      body: t('funds.crypto_body'),
      testId: 'funds-crypto',
    },
  ];
  return (
    <Screen className="funds-index-screen">
      <Navbar title={t('funds.title')} />
      <div className="screen__body">
        <ul className="trade-list">
          {items.map((item) => (
            <li key={item.href}>
              <TitledLink {...item} className="funds-link" block="funds-link" />
            </li>
          ))}
        </ul>
      </div>
    </Screen>
  );
}
