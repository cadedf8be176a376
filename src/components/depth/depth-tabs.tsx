import '../../styles/instrument.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BookView } from './book-view';
import { TradesTape } from './trades-tape';

export type DepthTab = 'book' | 'trades';
type Props = { symbol: string; priceScale: number; qtyScale: number; initial?: DepthTab };

/**
 * Book and trades tape behind tabs. Only the shown tab is mounted, so a hidden panel costs no
 * renders on its patches; both streams stay subscribed by the screen, so switching is instant.
 */
export function DepthTabs({ symbol, priceScale, qtyScale, initial = 'book' }: Props) {
  const { t } = useTranslation('instrument');
  const [tab, setTab] = useState<DepthTab>(initial);
  const tabs: DepthTab[] = ['book', 'trades'];
  return (
    <section className="depth-tabs card">
      <div className="depth-tabs__tabs" role="tablist" aria-label={t('depth.label')}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`depth-tab-${name}`}
            aria-selected={tab === name}
            aria-controls="depth-panel"
            className="depth-tabs__tab"
            data-testid={`depth-tab-${name}`}
            onClick={() => setTab(name)}
          >
            {t(`${name}.title`)}
          </button>
        ))}
      </div>
      <div id="depth-panel" role="tabpanel" aria-labelledby={`depth-tab-${tab}`}>
        {tab === 'book' ? (
          <BookView symbol={symbol} priceScale={priceScale} qtyScale={qtyScale} />
        ) : (
          <TradesTape symbol={symbol} priceScale={priceScale} qtyScale={qtyScale} />
        )}
      </div>
    </section>
  );
}
