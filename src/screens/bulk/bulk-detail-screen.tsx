import './namespace';
import '../../styles/content-screens.css';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { useSearch } from 'wouter';
import type { BlockDetail } from '../../../domain/protocol/bulk';
import { bulkEndpoints } from '../../../domain/protocol/endpoints/bulk';
import { call } from '../../api/call';
import { idFromSearch } from '../../components/content/search-id';
import { useVipMember } from './use-vip-member';
import { LoadedSubject, SubjectScreen } from '../../components/trade/subject-screen';
import { FigureRows } from '../../components/trade/figure-rows';
import { useTopic } from '../../market/client';
import { market } from '../../state/market';
import { prefs } from '../../state/prefs';
import { NoOrderNote, OrderLink } from '../../components/trade/order-link';
import { BlockStatusBadge } from './block-card';
import { BlockBrowser } from './block-browser';
import { blockFacts, notOpenText } from './block-facts';
import { blockHref, BULK_LIST_PATH, BULK_ORDER_PATH, VIP_PATH } from './paths';
import { SubjectHead } from '../../components/trade/subject-head';

function BlockFacts({ block }: { block: BlockDetail }) {
  const { t } = useTranslation('bulk');
  const { lang } = useSnapshot(prefs);
  // The last price streams (the market worker's ticker, read from its one leaf); the
  // reference is the previous close the server answered with.
  useTopic({ kind: 'ticker', market: 'stock', symbol: block.symbol });
  const live = useSnapshot(market).tickers[block.symbol]?.last ?? block.lastPrice;
  return (
    <section className="ipo-block" aria-label={t('detail.title')}>
      <FigureRows rows={blockFacts(block, live, t, lang)} testId="block-facts" />
      <p className="ipo-bar__note">{t('detail.price_note')}</p>
    </section>
  );
}

/** The block in full: its head, the VIP note, its facts, and the bottom action. */
function BlockDetailView({ block, isVip }: { block: BlockDetail; isVip: boolean }) {
  const { t } = useTranslation('bulk');
  const { lang } = useSnapshot(prefs);
  const buyable = block.status === 'open' && (!block.vipOnly || isVip);
  return (
    <>
      <div className="ipo-stack" data-testid="block-detail">
        <SubjectHead symbol={block.symbol} name={block.name}>
          <BlockStatusBadge status={block.status} testId="block-status" />
        </SubjectHead>
        {/* Not where the bar below says the same to a non-member of an open block. */}
        {block.vipOnly && (isVip || block.status !== 'open') && (
          <p className="bulk-warning" role="note" data-testid="block-vip-note">
            {isVip ? t('detail.vip_member') : t('detail.vip_note')}
          </p>
        )}
        <BlockFacts block={block} />
      </div>
      <div className="bottom-bar ipo-bar">
        {buyable ? (
          <OrderLink
            href={blockHref(block.id, BULK_ORDER_PATH)}
            label={t('detail.buy')}
            guestLabel={t('detail.login')}
            testId="block-buy"
          />
        ) : block.status === 'open' ? (
          // Open, but for members only: the reason, and the way to membership within the thumb's
          // reach (it was a 15 px inline link in the note above the facts).
          <NoOrderNote
            note={t('detail.vip_note')}
            testId="block-not-open"
            link={{ href: VIP_PATH, label: t('detail.vip_link'), testId: 'block-vip-link' }}
          />
        ) : (
          <NoOrderNote note={notOpenText(block, t, lang)} testId="block-not-open" />
        )}
      </div>
    </>
  );
}

function BlockDetailBody({ id }: { id: string }) {
  const { t } = useTranslation('bulk');
  // Read beside the block, not after it: a member's buy button must not wait for a second load.
  const isVip = useVipMember();
  return (
    <LoadedSubject
      dataKey={`block-${id}`}
      load={() => call(bulkEndpoints.info, { id }, { silent: true })}
      back={{ href: BULK_LIST_PATH, label: t('title') }}
    >
      {(block) => <BlockDetailView block={block} isVip={isVip} />}
    </LoadedSubject>
  );
}

/** /pages/stockBulk/bulkDetail?id=: one block in full; without an id, the blocks to choose from. */
export default function BulkDetailScreen() {
  const { t } = useTranslation('bulk');
  return (
    <SubjectScreen
      title={t('detail.title')}
      id={idFromSearch(useSearch())}
      chooser={{ testId: 'block-chooser', list: <BlockBrowser /> }}
    >
      {(id) => <BlockDetailBody id={id} />}
    </SubjectScreen>
  );
}
