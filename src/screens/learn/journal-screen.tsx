import './learn-i18n';
import '../../styles/learn.css';
import { useState } from 'react';
import type { JournalProduct } from '../../../domain/journal/trade';
import { Button } from '../../components/button';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { Segmented } from '../../components/form/segmented';
import { InfoLinkRow } from '../../components/link-list';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { useTranslation } from '../../i18n/hook';
import { paths } from '../../paths/paths';
import { TradeCard } from './trade-card';
import { useJournal } from './use-journal';

const FILTERS = ['all', 'stock', 'coin', 'contract', 'option'] as const;
type Filter = (typeof FILTERS)[number];

/** /pages/user/journal: every closed trade, paper and realistic P&L side by side, with a note. */
export default function JournalScreen() {
  const { t } = useTranslation('learn');
  const [filter, setFilter] = useState<Filter>('all');
  const { load, retry, more, noted } = useJournal(filter as JournalProduct | 'all');
  return (
    <Screen className="learn-screen">
      <Navbar title={t('journal.title')} />
      <div className="screen__body">
        <p className="learn-intro">{t('journal.intro')}</p>
        <Segmented
          label={t('journal.title')}
          value={filter}
          onChange={setFilter}
          options={FILTERS.map((f) => ({
            value: f,
            label: f === 'all' ? t('journal.all') : t(`common.product.${f}`),
            testId: `journal-filter-${f}`,
          }))}
        />
        {load.status === 'loading' && <ListSkeleton rows={3} label={t('journal.title')} />}
        {load.status === 'failed' && <ErrorState error={load.error} onRetry={retry} />}
        {load.status === 'ready' && load.list.length === 0 && <EmptyState title={t('journal.empty')} />}
        {load.status === 'ready' && load.list.length > 0 && (
          <>
            <ul className="journal-list" data-testid="journal-list">
              {load.list.map((trade) => (
                <TradeCard
                  key={trade.id}
                  trade={trade}
                  onNoted={(tags, note) => noted(trade.id, tags, note)}
                />
              ))}
            </ul>
            {load.list.length < load.total && (
              <Button onClick={more} testId="journal-more">
                {t('journal.more')}
              </Button>
            )}
          </>
        )}
        <ul className="info-list">
          <InfoLinkRow href={paths.reports} label={t('journal.reports_link')} testId="journal-reports-link" />
        </ul>
      </div>
    </Screen>
  );
}
