import './namespace';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { VipStatus } from '../../../domain/protocol/membership';
import type { AssetsAnswer } from '../../../domain/protocol/account';
import { getAssets } from '../../state/assets';
import { membershipEndpoints } from '../../../domain/protocol/endpoints/membership';
import { call } from '../../api/call';
import { ResultTitle } from '../../components/content/result-title';
import { ErrorState, ListSkeleton } from '../../components/content/state-views';
import { useLiveData, type LiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { isPasswordRefusal, useMoneyAction } from '../../components/form/use-money-action';
import { Navbar } from '../../components/navbar';
import { Screen } from '../../components/screen';
import { account, loadProfile } from '../../state/account';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { ADVICE_PATH } from './paths';
import { VipBuySheet } from './vip-buy-sheet';
import { Purchases, StateCard, VipActions, VipDemoNote, VipTerms } from './vip-parts';
import { serverNow } from '../../api/server-clock';
import { ButtonLink } from '../../components/button';

const loadVip = () => call(membershipEndpoints.vip, {}, { silent: true });
const loadAssets = () => getAssets({ silent: true });

/**
 * The trial and the paid purchase: each an action of its own (one busy state between them), the
 * paid one confirmed in a sheet with the trade password. A password refusal stays in the sheet for
 * another try; anything else closes it and shows on the form, with the membership read again.
 */
function useVipPurchase(vip: LiveData<VipStatus>, assets: LiveData<AssetsAnswer>) {
  const { t } = useTranslation('membership');
  const { lang } = useSnapshot(prefs);
  const [sheet, setSheet] = useState(false);
  const trialAction = useMoneyAction();
  const payAction = useMoneyAction();
  const [formError, setFormError] = useState('');
  const [done, setDone] = useState('');
  const apply = (next: VipStatus, message: string) => {
    vip.update(() => next);
    setDone(message);
    void loadAssets().then(
      (a) => assets.update(() => a),
      () => undefined,
    );
  };
  const trial = async () => {
    setFormError('');
    const outcome = await trialAction.run(() =>
      call(membershipEndpoints.buy, { plan: 'trial' }, { silent: true }),
    );
    if (outcome.status === 'done') apply(outcome.result, t('vip.trial_started'));
    if (outcome.status === 'refused') {
      trialAction.setError('');
      setFormError(outcome.text);
    }
  };
  const pay = async (data: VipStatus, pin: string) => {
    const outcome = await payAction.run(() =>
      call(
        membershipEndpoints.buy,
        { plan: 'paid', price: data.price, paidUntil: data.paidUntil ?? 0, tradePassword: pin },
        { silent: true },
      ),
    );
    if (outcome.status === 'done') {
      const next = outcome.result;
      setSheet(false);
      apply(next, t('vip.bought', { date: formatDateTime(next.paidUntil ?? serverNow(), lang) }));
    } else if (outcome.status === 'refused') {
      const { error } = outcome;
      if (isPasswordRefusal(error)) return;
      payAction.setError('');
      setSheet(false);
      setFormError(outcome.text);
      vip.reload();
    }
  };
  const openSheet = () => {
    payAction.setError('');
    setFormError('');
    setSheet(true);
  };
  return {
    sheet,
    closeSheet: () => setSheet(false),
    openSheet,
    busy: trialAction.busy || payAction.busy,
    sheetError: payAction.error,
    formError,
    done,
    trial,
    pay,
  };
}

function VipBody() {
  const { t } = useTranslation('membership');
  const { userAccountType, userToken } = useSnapshot(session);
  const { profile } = useSnapshot(account);
  const vip = useLiveData('vip-status', loadVip);
  const assets = useLiveData('user-assets', loadAssets);
  // Another tab's order or a transfer moves what this form offers (the broker re-checks it).
  useBalancesRefetch(assets.refresh);
  const purchase = useVipPurchase(vip, assets);
  useEffect(() => {
    void loadProfile();
  }, [userToken]);

  if (vip.status === 'loading') return <ListSkeleton rows={5} />;
  if (vip.status === 'error') return <ErrorState error={vip.error} onRetry={vip.reload} />;
  const data = vip.data;
  const stock = assets.data?.balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY');

  return (
    <div className="mem-stack">
      <StateCard vip={data} />
      {purchase.done !== '' && (
        // The trial button or the sheet is gone: the message takes focus, which reads it (a
        // role=status region that appears with it is not reliably read); a new one, again.
        <div key={purchase.done} data-testid="vip-done">
          <ResultTitle className="mem-done">{purchase.done}</ResultTitle>
        </div>
      )}
      {data.active && (
        <ButtonLink href={ADVICE_PATH} testId="vip-see-advice">
          {t('vip.see_advice')}
        </ButtonLink>
      )}
      <VipTerms vip={data} />
      {userAccountType === 'demo' ? (
        <VipDemoNote />
      ) : (
        <VipActions
          vip={data}
          noPassword={profile?.tradePasswordSet === false}
          busy={purchase.busy}
          formError={purchase.formError}
          onTrial={() => void purchase.trial()}
          onBuy={purchase.openSheet}
        />
      )}
      <Purchases vip={data} />
      {purchase.sheet && (
        <VipBuySheet
          vip={data}
          available={stock?.available ?? '0'}
          busy={purchase.busy}
          error={purchase.sheetError}
          onConfirm={(pin) => void purchase.pay(data, pin)}
          onCancel={purchase.closeSheet}
        />
      )}
    </div>
  );
}

/** /pages/stock/vip: the membership, its disclosed terms, the trial and purchases. */
export default function VipScreen() {
  const { t } = useTranslation('membership');
  return (
    <Screen className="stack-screen">
      <Navbar title={t('vip.title')} />
      <div className="screen__body">
        <VipBody />
      </div>
    </Screen>
  );
}
