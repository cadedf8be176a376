import './namespace';
import '../../styles/coin-funding.css';
import { useTranslation } from '../../i18n/hook';
import { useSearch } from 'wouter';
import type { WithdrawAddress } from '../../../domain/protocol/funding-coin';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { TitledScreen } from '../../components/screen';
import { shortenMiddle } from './shorten';
import { pickAddress } from './address-pick';
import { paths, withQuery } from '../../paths/paths';
import { fundingCoinEndpoints } from '../../../domain/protocol/endpoints/funding-coin';
import { call } from '../../api/call';
import { ButtonLink } from '../../components/button';

function AddressRow({ address, onPick }: { address: WithdrawAddress; onPick: (() => void) | null }) {
  const { t } = useTranslation('coinFunding');
  const body = (
    <span className="coin-row__main">
      <span>{address.label === '' ? t('addresses.no_label') : address.label}</span>
      <span className="coin-row__sub">
        {address.chain} · <span className="num">{shortenMiddle(address.address)}</span>
        {address.memo === '' ? '' : ` · ${address.memo}`}
      </span>
    </span>
  );
  return (
    <li data-testid={`address-${address.id}`}>
      {onPick ? (
        <button
          type="button"
          className="coin-row"
          data-testid={`address-pick-${address.id}`}
          onClick={onPick}
        >
          {body}
        </button>
      ) : (
        <div className="coin-row">{body}</div>
      )}
    </li>
  );
}

/**
 * /pages/wallet/addressList: the saved withdrawal addresses, by coin. With ?select=1&currency=…
 * (&chain=…) it is the withdraw screen's picker: only that coin (and network), a tap chooses.
 */
export default function AddressListScreen() {
  const { t } = useTranslation('coinFunding');
  const params = new URLSearchParams(useSearch());
  const selecting = params.get('select') === '1';
  const currency = params.get('currency') ?? '';
  const chain = params.get('chain') ?? '';
  const list = useLiveData(`withdraw-addresses:${currency}`, () =>
    call(fundingCoinEndpoints.withdrawAddresses, currency === '' ? {} : { currency }, { silent: true }).then(
      (a) => a.list,
    ),
  );
  const addHref = withQuery(paths.addAddress, { currency, chain, select: selecting ? '1' : undefined });
  const addLink = (
    <ButtonLink href={addHref} testId="address-add">
      {t('addresses.add')}
    </ButtonLink>
  );

  let body;
  if (list.status === 'loading') body = <ListSkeleton rows={3} />;
  else if (list.status === 'error') body = <ErrorState error={list.error} onRetry={list.reload} />;
  else {
    const shown = list.data.filter((a) => !selecting || chain === '' || a.chain === chain);
    const groups = [...new Set(shown.map((a) => a.currency))];
    body =
      shown.length === 0 ? (
        <EmptyState title={t('addresses.empty')} action={addLink} />
      ) : (
        <div className="funding-stack">
          {groups.map((group) => (
            <section key={group} aria-label={group} data-testid={`address-group-${group}`}>
              <h2 className="funding-group-title">{group}</h2>
              <ul className="coin-rows">
                {shown
                  .filter((a) => a.currency === group)
                  .map((a) => (
                    <AddressRow key={a.id} address={a} onPick={selecting ? () => pickAddress(a) : null} />
                  ))}
              </ul>
            </section>
          ))}
          {addLink}
        </div>
      );
  }
  return (
    <TitledScreen title={t(selecting ? 'addresses.pick_title' : 'addresses.title')}>{body}</TitledScreen>
  );
}
