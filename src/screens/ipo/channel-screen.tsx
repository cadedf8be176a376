import './namespace';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSearch } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { FilterChips } from './filter-chips';

type Channel = 'retail' | 'offline';
const CHANNELS: readonly Channel[] = ['retail', 'offline'];

/**
 * An IPO screen with the retail / offline (institutional) channel switch: the IPO list and the
 * applications list. `?channel=offline` opens on the institutional channel, where the IPO tab's
 * entry and an institutional application's result lead.
 */
export function ChannelScreen({
  title,
  retail,
  offline,
}: {
  title: string;
  retail: ReactNode;
  offline: ReactNode;
}) {
  const { t } = useTranslation('ipo');
  const initial = new URLSearchParams(useSearch()).get('channel') === 'offline' ? 'offline' : 'retail';
  const [channel, setChannel] = useState<Channel>(initial);
  return (
    <Screen className="ipo-screen">
      <Navbar title={title} />
      <div className="screen__body">
        <div className="ipo-stack">
          <FilterChips
            label={t('offline.channel')}
            value={channel}
            options={CHANNELS}
            text={(option) => t(`offline.${option}`)}
            onChange={setChannel}
          />
          {channel === 'retail' ? retail : offline}
        </div>
      </div>
    </Screen>
  );
}
