import './namespace';
import '../../styles/coin-funding.css';
import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { Link, useSearch } from 'wouter';
import type { DepositAddress } from '../../../domain/protocol/funding-coin';
import { isApiError } from '../../api/request';
import { ErrorState, ListSkeleton, useErrorText } from '../../components/content/state-views';
import { useLiveData } from '../../components/content/use-live-data';
import { FormAlert } from '../../components/form/submit-button';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { FigureRows } from '../../components/trade/figure-rows';
import { ChainTerms, useCoinAmount } from './coin-chain-picker';
import { CopyButton } from './copy-button';
import { DepositChooser } from './crypto-recharge-screen';
import { DemoDepositGate } from './demo-deposit-gate';
import { QrCode } from './qr-code';
import { TxReportForm } from './tx-report-form';
import { useCoins } from './use-coins';
import { paths } from '../../paths/paths';
import { fundingCoinEndpoints } from '../../../domain/protocol/endpoints/funding-coin';
import { call } from '../../api/call';
import { generateDepositAddress } from './record-calls';
import { Button } from '../../components/button';

function AddressCard({ address }: { address: DepositAddress }) {
  const { t } = useTranslation('coinFunding');
  const amount = useCoinAmount();
  const { currency, chain } = address;
  return (
    <section className="funding-card" aria-label={t('deposit.address')} data-testid="deposit-address-card">
      <QrCode text={address.address} label={t('deposit.qr')} testId="deposit-qr" />
      <p className="field-label">{t('deposit.address')}</p>
      <p className="funding-address" data-testid="deposit-address">
        {address.address}
      </p>
      <CopyButton text={address.address} testId="deposit-copy" />
      {address.memo !== '' && (
        <>
          <p className="field-label">{t('deposit.memo')}</p>
          <p className="funding-address" data-testid="deposit-memo">
            {address.memo}
          </p>
          <CopyButton text={address.memo} testId="deposit-memo-copy" />
        </>
      )}
      <p className="funding-warning" role="note" data-testid="deposit-warning">
        {t('deposit.warning', { currency, chain })}
      </p>
      <FigureRows
        rows={[
          {
            label: t('terms.min_deposit'),
            value: amount(address.minDeposit, currency),
            testId: 'deposit-min',
          },
          {
            label: t('terms.confirmations'),
            value: t('terms.confirmations_value', { count: address.confirmations }),
            testId: 'deposit-confirmations',
          },
        ]}
      />
    </section>
  );
}

/** No address yet: say it is made once and stays, and make it on request. */
function GenerateCard({
  currency,
  chain,
  onMade,
}: {
  currency: string;
  chain: string;
  onMade: (address: DepositAddress) => void;
}) {
  const { t } = useTranslation('coinFunding');
  const errorText = useErrorText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const generate = async () => {
    setBusy(true);
    setError('');
    try {
      onMade(await generateDepositAddress({ currency, chain }, { silent: true }));
    } catch (caught) {
      if (!(isApiError(caught) && caught.kind === 'session')) setError(errorText(caught));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="funding-card" data-testid="deposit-no-address">
      <p className="lead">{t('deposit.no_address', { currency, chain })}</p>
      <FormAlert message={error} testId="deposit-generate-error" />
      <Button
        look="primary"
        disabled={busy}
        aria-busy={busy || undefined}
        testId="deposit-generate"
        onClick={() => void generate()}
      >
        {t('deposit.generate')}
      </Button>
    </section>
  );
}

/** Before an address exists the network's terms are still shown (DECISIONS §2: before starting). */
function DepositTerms({ currency, chain }: { currency: string; chain: string }) {
  const { t } = useTranslation('coinFunding');
  const coins = useCoins();
  if (coins.status !== 'ready') return null;
  const terms = coins.data.list.find((c) => c.currency === currency)?.chains.find((c) => c.chain === chain);
  if (!terms) return null;
  return (
    <section className="funding-card">
      <p className="funding-warning" role="note">
        {t('deposit.warning', { currency, chain })}
      </p>
      <ChainTerms coin={currency} chain={terms} use="deposit" />
    </section>
  );
}

function DepositBody({ currency, chain }: { currency: string; chain: string }) {
  const { t } = useTranslation('coinFunding');
  const address = useLiveData(`deposit-address:${currency}:${chain}`, () =>
    call(fundingCoinEndpoints.depositAddress, { currency, chain }, { silent: true }).then((a) => a.address),
  );
  if (address.status === 'loading') return <ListSkeleton rows={3} />;
  if (address.status === 'error')
    return (
      <ErrorState
        error={address.error}
        onRetry={address.reload}
        // A coin or network that is not offered (an old or edited link) is no use retrying: the chooser.
        back={{ href: paths.coinRecharge, label: t('chooser.choose_other') }}
      />
    );
  if (address.data === null)
    return (
      <div className="funding-stack">
        <GenerateCard currency={currency} chain={chain} onMade={(made) => address.update(() => made)} />
        <DepositTerms currency={currency} chain={chain} />
      </div>
    );
  return (
    <div className="funding-stack">
      <AddressCard address={address.data} />
      <TxReportForm currency={currency} chain={chain} minDeposit={address.data.minDeposit} />
      <Link className="text-link" href={paths.coinRechargeList} data-testid="deposit-records">
        {t('deposit.records')}
      </Link>
    </div>
  );
}

/**
 * /pages/recharge/coinRecharge?currency=USDT&chain=TRC20: the user's own deposit address on that
 * network (QR, copy, memo, the network warning and terms) and the "I have sent it" report.
 * Without a coin and network it is the chooser.
 */
export default function CoinRechargeScreen() {
  const { t } = useTranslation('coinFunding');
  const params = new URLSearchParams(useSearch());
  const currency = params.get('currency') ?? '';
  const chain = params.get('chain') ?? '';
  const chosen = currency !== '' && chain !== '';
  return (
    <Screen>
      <Navbar title={chosen ? t('deposit.title', { currency }) : t('chooser.title')} />
      <div className="screen__body">
        <DemoDepositGate>
          {chosen ? (
            <DepositBody key={`${currency}:${chain}`} currency={currency} chain={chain} />
          ) : (
            <DepositChooser />
          )}
        </DemoDepositGate>
      </div>
    </Screen>
  );
}
