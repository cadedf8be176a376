import type { BlockStatus } from '../../../domain/protocol/bulk';
import { useTranslation } from '../../i18n/hook';
import { bulkEndpoints } from '../../../domain/protocol/endpoints/bulk';
import { call } from '../../api/call';
import { EmptyState } from '../../components/content/state-views';
import { PagedList } from '../../components/content/paged-list';
import { usePaged } from '../../components/content/use-paged';
import { BlockCard } from './block-card';
import { useVipMember } from './use-vip-member';

/**
 * Every block, open ones first, a page at a time: the list screen's section, and the chooser of
 * a screen opened without an id (`to`: where a tap leads, with the block's id; `status`: only
 * those, e.g. the open ones a purchase can be made from).
 */
export function BlockBrowser({ to, status }: { to?: string; status?: BlockStatus }) {
  const { t } = useTranslation('bulk');
  const paged = usePaged(`blocks-${status ?? 'all'}`, (page, size) =>
    call(bulkEndpoints.list, { page, size, status }, { silent: true }),
  );
  const member = useVipMember();
  return (
    <PagedList
      paged={paged}
      empty={
        status === 'open' ? (
          <EmptyState title={t('order.none_open')} body={t('order.none_open_body')} />
        ) : (
          <EmptyState title={t('list.empty')} body={t('list.empty_body')} />
        )
      }
      look="ipo"
      testId="block-list"
      moreLabel={t('list.more')}
    >
      {(block) => <BlockCard key={block.id} block={block} member={member} {...(to ? { to } : {})} />}
    </PagedList>
  );
}
