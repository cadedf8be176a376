import './namespace';
import { useTranslation } from '../../i18n/hook';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { TitledScreen } from '../../components/screen';
import { ChannelCard } from './channel-card';
import { HoursNote } from '../../components/funding/hours-note';
import { BlockState, firstBlock } from '../../components/funding/block-state';
import { paths, withQuery } from '../../paths/paths';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';

const loadChannels = async () => {
  const [status, channels] = await Promise.all([
    call(fundingBankEndpoints.depositStatus, {}, { silent: true }),
    call(fundingBankEndpoints.channels, {}, { silent: true }),
  ]);
  return { status, channels };
};

/**
 * /pages/recharge/rechargeChannel: the broker's receiving accounts and this user's reference code.
 * A user who cannot deposit (demo, KYC…) is told so here, as on the hub, not invited to send money
 * to an account and stopped only on the next screen. Closed hours keep the accounts listed (the
 * hours note says when requests open), as the hub keeps the bank methods.
 */
export default function RechargeChannelScreen() {
  const { t } = useTranslation('funding');
  const channels = useLiveData('recharge-channel-terms', loadChannels);
  let body;
  if (channels.status === 'loading') body = <ListSkeleton rows={3} />;
  else if (channels.status === 'error')
    body = <ErrorState error={channels.error} onRetry={channels.reload} />;
  else {
    const { status, channels: list } = channels.data;
    const block = firstBlock(status.blocks.filter((entry) => entry !== 'FUNDING_CLOSED'));
    if (block) body = <BlockState block={block} hours={status.hours} />;
    else if (list.channels.length === 0) body = <EmptyState title={t('channel.empty')} />;
    else
      body = (
        <>
          <HoursNote hours={list.hours} />
          <p className="lead">{t('channel.lead')}</p>
          {list.channels.map((channel) => (
            <ChannelCard
              key={channel.id}
              channel={channel}
              referenceCode={list.referenceCode}
              href={withQuery(paths.bankRecharge, { channel: channel.id })}
            />
          ))}
        </>
      );
  }
  return (
    <TitledScreen className="funding-screen" title={t('channel.title')}>
      {body}
    </TitledScreen>
  );
}
