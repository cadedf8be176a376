import '../../components/trade/records-namespace';
import '../../styles/records.css';
import { useSnapshot } from 'valtio';
import { useTranslation } from '../../i18n/hook';
import { formatAmount } from '../../../domain/format/display';
import type { CoinAssets } from '../../../domain/protocol/coin-wallet';
import { prefs } from '../../state/prefs';
import { paths } from '../../paths/paths';
import { ButtonLink } from '../../components/button';

/**
 * The transfer for a user without a transaction password: what it does (which accounts, the USDT
 * each holds now, free and instant) before the one step that opens it, so the way to the password
 * is not a bare gate that says nothing of where it leads.
 */
export function TransferGate({ assets }: { assets: CoinAssets }) {
  const { t } = useTranslation('contract');
  const { t: tr } = useTranslation('records');
  const { lang } = useSnapshot(prefs);
  const usdt = assets.coin.find((row) => row.currency === 'USDT')?.available ?? '0';
  const accounts = [
    ['coin', t('transfer.wallet_coin'), usdt],
    ['contract', t('transfer.wallet_contract'), assets.contract.available],
  ] as const;
  return (
    <div className="transfer-gate" data-testid="transfer-no-password">
      <section className="contract-card" aria-labelledby="transfer-gate-title">
        <h2 id="transfer-gate-title" className="transfer-gate__title">
          {tr('transfer_gate.title')}
        </h2>
        <p className="transfer-gate__body">{tr('transfer_gate.body')}</p>
        <p className="transfer-gate__label">{tr('transfer_gate.balances')}</p>
        <ul className="transfer-gate__accounts">
          {accounts.map(([wallet, name, available], i) => (
            <li key={wallet} className="transfer-gate__account" data-testid={`transfer-gate-${wallet}`}>
              <span>{name}</span>
              <span className="num">
                {formatAmount(available, 'USDT', lang)}{' '}
                <span className="transfer-gate__sub">{tr('transfer_gate.available')}</span>
              </span>
              {i === 0 && (
                <span className="transfer-gate__arrow" aria-hidden="true">
                  ⇅
                </span>
              )}
            </li>
          ))}
        </ul>
        <p className="hint">{t('transfer.note')}</p>
      </section>
      <section className="transfer-gate__step">
        <p className="transfer-gate__need">{t('transfer.no_password')}</p>
        <p className="hint">{tr('transfer_gate.pin_why')}</p>
        <ButtonLink href={paths.tradePassword} testId="transfer-set-password">
          {t('transfer.set_password')}
        </ButtonLink>
      </section>
    </div>
  );
}
