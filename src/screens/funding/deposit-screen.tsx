import './namespace';
import { useTranslation } from '../../i18n/hook';
import { useSearch } from 'wouter';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { TitledScreen } from '../../components/screen';
import { BlockState, firstBlock } from '../../components/funding/block-state';
import { ChannelCard } from './channel-card';
import { DepositForm, type DepositMethod } from './deposit-form';
import { HoursNote } from '../../components/funding/hours-note';
import { paths } from '../../paths/paths';
import { fundingBankEndpoints } from '../../../domain/protocol/endpoints/funding-bank';
import { call } from '../../api/call';

const PATHS: Record<DepositMethod, string> = {
  bank: paths.bankRecharge,
  offline: paths.offlineRecharge,
};

const loadTerms = async () => {
  const [status, channels] = await Promise.all([
    call(fundingBankEndpoints.depositStatus, {}, { silent: true }),
    call(fundingBankEndpoints.channels, {}, { silent: true }),
  ]);
  return { status, channels };
};

/**
 * The body of /pages/recharge/bankRecharge and /offlineRecharge: the terms and blocks first,
 * then the receiving account (`?channel=`; without it the chooser), then the form.
 */
export function DepositScreen({ method }: { method: DepositMethod }) {
  const { t } = useTranslation('funding');
  const channelId = new URLSearchParams(useSearch()).get('channel');
  const terms = useLiveData(`deposit-terms-${method}`, loadTerms);
  let body;
  if (terms.status === 'loading') body = <ListSkeleton rows={3} />;
  else if (terms.status === 'error') body = <ErrorState error={terms.error} onRetry={terms.reload} />;
  else {
    const { status, channels } = terms.data;
    const block = firstBlock(status.blocks);
    const channel = channels.channels.find((entry) => entry.id === channelId);
    if (block) body = <BlockState block={block} hours={status.hours} />;
    else if (channels.channels.length === 0) body = <EmptyState title={t('channel.empty')} />;
    else if (!channel)
      body = (
        <>
          <HoursNote hours={status.hours} />
          <p className="lead" data-testid="channel-chooser">
            {t('channel.choose')}
          </p>
          {channels.channels.map((entry) => (
            <ChannelCard
              key={entry.id}
              channel={entry}
              referenceCode={channels.referenceCode}
              href={`${PATHS[method]}?channel=${encodeURIComponent(entry.id)}`}
            />
          ))}
        </>
      );
    else
      body = (
        <>
          <HoursNote hours={status.hours} />
          <DepositForm
            method={method}
            channel={channel}
            referenceCode={channels.referenceCode}
            limits={{ min: status.minAmount, max: status.maxAmount }}
            receiptHref={
              method === 'bank' ? `${PATHS.offline}?channel=${encodeURIComponent(channel.id)}` : undefined
            }
          />
        </>
      );
  }
  return (
    <TitledScreen className="funding-screen" title={t(`deposit.title_${method}`)}>
      {body}
    </TitledScreen>
  );
}
