import '../../components/trade/texts';
import '../../styles/trade.css';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { ChevronIcon } from '../../components/icons';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { paths } from '../../paths/paths';

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
              <Link href={item.href} className="tap-card funds-link" data-testid={item.testId}>
                <span className="tap-card__text">
                  <span className="funds-link__title">{item.title}</span>
                  <span className="tap-card__hint">{item.body}</span>
                </span>
                <ChevronIcon className="link-list__chevron" />
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </Screen>
  );
}
