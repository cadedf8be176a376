import '../../components/trade/records-namespace';
import '../../styles/records.css';
import { Link } from 'wouter';
import { useTranslation } from '../../i18n/hook';
import { formatMoney } from '../../../domain/format/number';
import type { Locale } from '../../../domain/format/locale';
import type { ProductValue } from '../../../domain/protocol/account';
import { ChevronIcon } from '../../components/icons';
import { paths } from '../../paths/paths';

/**
 * A product's value is TRY or USDT, which show cents (domain/format/display's rule). formatMoney
 * reads the figure as text: display.ts's formatAmount would bring decimal.js (~12 KB of gzip) into
 * the wallet's first load for this one line.
 */
const CENTS = 2;

/** Where each product's orders are: the screen that lists them. */
const SCREEN: Record<ProductValue['product'], string> = {
  ai: paths.aiMine,
  robot: paths.robotMine,
  option: paths.option,
  ico: paths.icoApplications,
};

/**
 * Money the account's products hold outside its wallets (the same `products` of /user/assets that
 * Home's "Products" figure sums), one card per product with what it holds now and how many are
 * open, each leading to its own screen: without them the wallets here did not add up to Home's total.
 */
export function ProductCards({ products, locale }: { products: readonly ProductValue[]; locale: Locale }) {
  const { t } = useTranslation('records');
  const open = products.filter((product) => product.count > 0);
  if (open.length === 0) return null;
  return (
    <section className="wallet-card" aria-labelledby="assets-products" data-testid="assets-products">
      <h2 id="assets-products" className="wallet-card__title">
        {t('products.title')}
      </h2>
      <ul className="wallet-card__rows">
        {open.map((product) => {
          const name = t(`products.kind.${product.product}`);
          return (
            <li key={`${product.product}-${product.currency}`}>
              <Link
                href={SCREEN[product.product]}
                className="product-row"
                data-testid={`assets-product-${product.product}`}
              >
                <span className="product-row__main">
                  <span className="product-row__name">{name}</span>
                  <span className="product-row__count">{t('products.count', { count: product.count })}</span>
                </span>
                <span
                  className="product-row__value num"
                  data-testid={`assets-product-${product.product}-value`}
                >
                  {formatMoney(product.value, locale, { currency: product.currency, decimals: CENTS })}
                </span>
                <ChevronIcon className="product-row__chevron" width={18} height={18} />
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="hint">{t('products.note')}</p>
    </section>
  );
}
