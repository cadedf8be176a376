import './namespace';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSearch } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { FilterChips } from './filter-chips';
import { IpoBrowser } from './ipo-browser';
import { OfflineBrowser } from './offline-browser';

type Channel = 'retail' | 'offline';
const CHANNELS: readonly Channel[] = ['retail', 'offline'];

/**
 * /pages/stockIPO/ipoList: every IPO, by status, each leading to its detail; the offline channel
 * (`?channel=offline`) lists the institutional tranches instead (domain/ipo/offline).
 */
export default function IpoListScreen() {
  const { t } = useTranslation('ipo');
  const initial = new URLSearchParams(useSearch()).get('channel') === 'offline' ? 'offline' : 'retail';
  const [channel, setChannel] = useState<Channel>(initial);
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('list.title')} />
      <div className="screen__body">
        <div className="ipo-stack">
          <FilterChips
            label={t('offline.channel')}
            value={channel}
            options={CHANNELS}
            text={(option) => t(`offline.${option}`)}
            onChange={setChannel}
          />
          {channel === 'retail' ? (
            <IpoBrowser />
          ) : (
            <>
              <p className="lead">{t('offline.lead')}</p>
              <OfflineBrowser />
            </>
          )}
        </div>
      </div>
    </Screen>
  );
}
