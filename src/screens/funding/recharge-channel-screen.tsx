import './namespace';
import { useTranslation } from '../../i18n-hook';
import { getRechargeChannels } from '../../api/funding';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { ChannelCard } from './channel-card';
import { HoursNote } from '../../components/funding/hours-note';

const loadChannels = () => getRechargeChannels({ silent: true });

/** /pages/recharge/rechargeChannel: the broker's receiving accounts and this user's reference code. */
export default function RechargeChannelScreen() {
  const { t } = useTranslation('funding');
  const channels = useLiveData('recharge-channels', loadChannels);
  let body;
  if (channels.status === 'loading') body = <ListSkeleton rows={3} />;
  else if (channels.status === 'error')
    body = <ErrorState error={channels.error} onRetry={channels.reload} />;
  else if (channels.data.channels.length === 0) body = <EmptyState title={t('channel.empty')} />;
  else
    body = (
      <>
        <HoursNote hours={channels.data.hours} />
        <p className="lead">{t('channel.lead')}</p>
        {channels.data.channels.map((channel) => (
          <ChannelCard
            key={channel.id}
            channel={channel}
            referenceCode={channels.data.referenceCode}
            href={`/pages/recharge/bankRecharge?channel=${encodeURIComponent(channel.id)}`}
          />
        ))}
      </>
    );
  return (
    <Screen className="funding-screen">
      <Navbar title={t('channel.title')} />
      <div className="screen__body">{body}</div>
    </Screen>
  );
}
