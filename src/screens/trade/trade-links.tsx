import { useTranslation } from '../../i18n-hook';
import { LinkList } from '../../components/link-list';

/** Where the ticket's consequences show: orders, positions, income, funds detail. */
export function TradeLinks() {
  const { t } = useTranslation('trade');
  return (
    <LinkList
      label={t('title')}
      items={[
        { href: '/pages/stock/order', label: t('links.orders'), testId: 'link-orders' },
        { href: '/pages/tabbar/position', label: t('links.positions'), testId: 'link-positions' },
        { href: '/pages/stock/income', label: t('links.income'), testId: 'link-income' },
        { href: '/pages/fundsDetail/index', label: t('links.funds'), testId: 'link-funds' },
      ]}
    />
  );
}
