import './namespace';
import { useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSearch } from 'wouter';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { ApplicationList } from './application-list';
import { FilterChips } from './filter-chips';
import { OfflineApplicationList } from './offline-applications';

type Channel = 'retail' | 'offline';
const CHANNELS: readonly Channel[] = ['retail', 'offline'];

/**
 * /pages/stockIPO/list: my IPO applications with SPEC §4's statuses; the offline channel
 * (`?channel=offline`, where an institutional application's result leads) lists those instead.
 */
export default function ApplicationsScreen() {
  const { t } = useTranslation('ipo');
  const initial = new URLSearchParams(useSearch()).get('channel') === 'offline' ? 'offline' : 'retail';
  const [channel, setChannel] = useState<Channel>(initial);
  return (
    <Screen className="ipo-screen">
      <Navbar title={t('applications.title')} />
      <div className="screen__body">
        <div className="ipo-stack">
          <FilterChips
            label={t('offline.channel')}
            value={channel}
            options={CHANNELS}
            text={(option) => t(`offline.${option}`)}
            onChange={setChannel}
          />
          {channel === 'retail' ? <ApplicationList /> : <OfflineApplicationList />}
        </div>
      </div>
    </Screen>
  );
}
