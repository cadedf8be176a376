import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { MarketListScreen } from '../../components/trade/subject-screen';
import { BlockBrowser } from './block-browser';
import { BlockOrders } from './block-orders';

/**
 * /pages/stockBulk/bulkList: the blocks on offer — discount, remaining lots,
 * lock-up, VIP badge — and, for a signed-in user, their own block purchases with lock-up ends.
 */
export default function BulkListScreen() {
  const { t } = useTranslation('bulk');
  const { userToken } = useSnapshot(session);
  return (
    <MarketListScreen title={t('title')}>
      <p className="lead">{t('lead')}</p>
      <section className="ipo-section" aria-label={t('list.blocks')}>
        <h2 className="section-title">{t('list.blocks')}</h2>
        <BlockBrowser />
      </section>
      {userToken !== '' && (
        <section className="ipo-section" aria-label={t('list.mine')}>
          <h2 className="section-title">{t('list.mine')}</h2>
          <BlockOrders />
        </section>
      )}
    </MarketListScreen>
  );
}
