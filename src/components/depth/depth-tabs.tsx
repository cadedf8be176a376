import '../../styles/instrument.css';
import '../../i18n/instrument';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { Market } from '../../../domain/market/instrument';
import { BookToolbar } from './book-toolbar';
import { BookView } from './book-view';
import { DepthChart } from './depth-chart';
import { TradesTape } from './trades-tape';
import { TabPanel, Tabs } from '../tabs';

export type DepthTab = 'book' | 'depth' | 'trades';
type Props = {
  symbol: string;
  priceScale: number;
  qtyScale: number;
  initial?: DepthTab;
  /** The book's market: with it, the book offers its groupings and pace, and its depth under it. */
  market?: Market;
};

/**
 * Book, its depth chart and trades tape behind tabs. The book tab also draws the depth under the
 * book, of the same grouped levels, so a trader reads both at once on a phone. Only the shown tab is mounted, so a hidden panel costs no
 * renders on its patches; both streams stay subscribed by the screen, so switching is instant.
 */
export function DepthTabs({ symbol, priceScale, qtyScale, initial = 'book', market }: Props) {
  const { t } = useTranslation('instrument');
  const [tab, setTab] = useState<DepthTab>(initial);
  const tabs: DepthTab[] = ['book', 'depth', 'trades'];
  return (
    <section className="depth-tabs card">
      <Tabs
        label={t('depth.label')}
        idPrefix="depth"
        className="depth-tabs__tabs"
        tabClassName="depth-tabs__tab"
        options={tabs.map((name) => ({
          value: name,
          label: t(`${name}.title`),
          testId: `depth-tab-${name}`,
        }))}
        selected={tab}
        onSelect={setTab}
      />
      <TabPanel idPrefix="depth" selected={tab}>
        {tab === 'book' ? (
          <>
            {market && <BookToolbar market={market} symbol={symbol} priceScale={priceScale} />}
            <BookView symbol={symbol} priceScale={priceScale} qtyScale={qtyScale} />
            {market && <DepthChart symbol={symbol} priceScale={priceScale} compact />}
          </>
        ) : tab === 'depth' ? (
          <DepthChart symbol={symbol} priceScale={priceScale} />
        ) : (
          <TradesTape symbol={symbol} priceScale={priceScale} qtyScale={qtyScale} />
        )}
      </TabPanel>
    </section>
  );
}
