import './namespace';
import '../../styles/exchange.css';
import { useTranslation } from '../../i18n/hook';
import { Link } from 'wouter';
import { ChevronIcon } from '../../components/icons';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { paths } from '../../paths/paths';

const CHOICES = [
  { href: paths.exchangeStock, key: 'stock', testId: 'exchange-choice-stock' },
  { href: paths.cryptoConvert, key: 'crypto', testId: 'exchange-choice-crypto' },
  { href: paths.exchangeAny, key: 'any', testId: 'exchange-choice-any' },
  { href: paths.cryptoTransfer, key: 'transfer', testId: 'exchange-choice-transfer' },
] as const;

/** /pages/exchange/index: which kind of exchange, each with a line saying what it does. */
export default function ExchangeIndexScreen() {
  const { t } = useTranslation('exchange');
  return (
    <Screen className="exchange-screen">
      <Navbar title={t('index.title')} />
      <div className="screen__body">
        <p className="hint">{t('index.intro')}</p>
        <ul className="link-list exchange-choices" aria-label={t('index.title')}>
          {CHOICES.map((choice) => (
            <li key={choice.key}>
              <Link
                href={choice.href}
                className="link-list__row exchange-choices__row"
                data-testid={choice.testId}
              >
                <span className="tap-card__text">
                  <span className="exchange-choices__title">{t(`index.${choice.key}_title`)}</span>
                  <span className="tap-card__hint">{t(`index.${choice.key}_body`)}</span>
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
