import './namespace';
import '../../styles/coin-funding.css';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { ChevronIcon } from '../../components/icons';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { paths } from '../../paths/paths';

/**
 * /pages/withdraw/withdraw: TRY to a bank account or crypto to an address, each with what it
 * needs in one line, so the user knows before choosing (DECISIONS §2).
 */
export default function WithdrawHubScreen() {
  const { t } = useTranslation('coinFunding');
  const ways = [
    {
      href: paths.bankWithdraw,
      title: t('hub.bank'),
      terms: t('hub.bank_terms'),
      testId: 'hub-bank',
    },
    {
      href: paths.cryptoWithdraw,
      title: t('hub.crypto'),
      terms: t('hub.crypto_terms'),
      testId: 'hub-crypto',
    },
  ];
  return (
    <Screen>
      <Navbar title={t('hub.title')} />
      <div className="screen__body funding-stack">
        <ul className="coin-rows">
          {ways.map((way) => (
            <li key={way.href}>
              <Link href={way.href} className="coin-row" data-testid={way.testId}>
                <span className="coin-row__main">
                  <span>{way.title}</span>
                  <span className="coin-row__sub">{way.terms}</span>
                </span>
                <ChevronIcon className="link-list__chevron" />
              </Link>
            </li>
          ))}
        </ul>
        <div className="funding-actions">
          <Link className="text-link" href={paths.addressList} data-testid="hub-addresses">
            {t('hub.addresses')}
          </Link>
          <Link className="text-link" href={paths.recordIndex} data-testid="hub-records">
            {t('hub.records')}
          </Link>
        </div>
      </div>
    </Screen>
  );
}
