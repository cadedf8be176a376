import { useTranslation } from '../../i18n/hook';
import { LinkList } from '../../components/link-list';
import { paths } from '../../paths/paths';

/** Where the ticket's consequences show: orders, positions, income, funds detail. */
export function TradeLinks() {
  const { t } = useTranslation('trade');
  return (
    <LinkList
      label={t('title')}
      items={[
        { href: paths.orders, label: t('links.orders'), testId: 'link-orders' },
        { href: paths.position, label: t('links.positions'), testId: 'link-positions' },
        { href: paths.income, label: t('links.income'), testId: 'link-income' },
        { href: paths.fundsIndex, label: t('links.funds'), testId: 'link-funds' },
      ]}
    />
  );
}
