import Decimal from 'decimal.js';
import { AppForm } from '../../components/form/submit-button';
import { useTranslation } from '../../i18n/hook';
import { formatMoney } from '../../../domain/format/number';
import type { ContractRules, PositionSide } from '../../../domain/protocol/contracts';
import type { CoinInfo } from '../../../domain/protocol/market';
import { Link } from 'wouter';
import { useMessageText } from './message';
import { SideSwitch } from './pair-head';
import { stepCanonical } from './steps';
import { Segmented } from '../../components/form/segmented';
import { AmountField } from '../../components/form/amount-field';
import { CostBreakdown } from '../../components/trade/figure-rows';
import { FundingHint } from '../../components/trade/funding-hint';
import { Stepper } from '../../components/trade/stepper';
import '../../components/trade/ticket-amount-namespace';
import type { SizeMode } from './contract-ticket-logic';
import type { CoinPair } from './use-coin-pair';
import { rememberLeverage } from './leverage-choice';
import { paths } from '../../paths/paths';
import { costText, type OpenIntent } from './preview-rows';
import { useContractTicket, type ContractTicketState } from './use-contract-ticket';

/** Where USDT comes into the contract account: from the crypto account (DECISIONS: transfers between them). */
const TRANSFER_PATH = paths.cryptoTransfer;

/** The leverage choices as chips; the one picked is remembered per symbol. */
function LeverageChips({
  symbol,
  choices,
  leverage,
  onChange,
}: {
  symbol: string;
  choices: readonly number[];
  leverage: number;
  onChange: (choice: number) => void;
}) {
  const { t } = useTranslation('contract');
  return (
    <>
      <span className="field-label" id="leverage-label">
        {t('ticket.leverage')}
      </span>
      <div className="chips" role="radiogroup" aria-labelledby="leverage-label">
        {choices.map((choice) => (
          <button
            key={choice}
            type="button"
            role="radio"
            className="chip"
            aria-checked={choice === leverage}
            data-testid={`leverage-${choice}`}
            onClick={() => {
              onChange(choice);
              rememberLeverage(symbol, choice);
            }}
          >
            {choice}×
          </button>
        ))}
      </div>
      <p className="hint" data-testid="leverage-note">
        {t('leverage_note', { ns: 'ticketAmount' })}
      </p>
    </>
  );
}

/** The USDT free to open with and the way to bring more in. */
function AvailableRow({ available, lang }: { available: string; lang: 'tr-TR' | 'en-US' }) {
  const { t } = useTranslation('contract');
  return (
    <>
      <p className="ticket__row">
        <span>{t('available')}</span>
        <span>
          <span className="num" data-testid="ticket-available">
            {formatMoney(available, lang)} USDT
          </span>{' '}
          <Link className="text-link" href={TRANSFER_PATH} data-testid="ticket-transfer">
            {t('transfer_link')}
          </Link>
        </span>
      </p>
      {/* No margin to open with: say where it comes from (the crypto account), not only the small link. */}
      {new Decimal(available).lte(0) && (
        <FundingHint
          text={t('no_usdt_contract')}
          href={TRANSFER_PATH}
          label={t('transfer_usdt')}
          testId="ticket-no-usdt"
        />
      )}
    </>
  );
}

/** Size by margin or by quantity, and the stepped field for it (switching empties it). */
function SizeFields({ ticket, base }: { ticket: ContractTicketState; base: string }) {
  const { t } = useTranslation('contract');
  const message = useMessageText();
  const { mode, sizeField, state } = ticket;
  return (
    <>
      <Segmented<SizeMode>
        label={t('ticket.size_mode')}
        value={mode}
        onChange={(next) => {
          ticket.setMode(next);
          sizeField.set('');
        }}
        options={[
          { value: 'margin', label: t('ticket.by_margin'), testId: 'ticket-mode-margin' },
          {
            value: 'quantity',
            label: t('ticket.by_quantity', { base: base }),
            testId: 'ticket-mode-quantity',
          },
        ]}
      />
      <Stepper
        field={sizeField}
        label={mode === 'margin' ? t('ticket.by_margin') : t('ticket.by_quantity', { base: base })}
        onStep={(direction) =>
          sizeField.set(stepCanonical(sizeField.value, ticket.sizeStep, ticket.sizeScale, direction))
        }
        decreaseLabel={t('step_down')}
        increaseLabel={t('step_up')}
        error={message(state.errors.size)}
        testId="ticket-size"
      />
    </>
  );
}

/** The preview rows with the cost under them, and why the ticket cannot open yet. */
function TicketVerdict({ ticket }: { ticket: ContractTicketState }) {
  const { t } = useTranslation('contract');
  const message = useMessageText();
  const { lang, rows, state, places } = ticket;
  return (
    <>
      <CostBreakdown
        title={t('ticket.preview')}
        rows={rows}
        total={{
          label: t('ticket.cost'),
          value: costText(state.preview, lang, places),
          testId: 'ticket-cost',
        }}
        testId="ticket-preview"
      />
      {state.blocked && (
        <p
          className="ticket__notice"
          role="status"
          data-testid="ticket-blocked"
          data-reason={state.blocked.key}
        >
          {message(state.blocked)}
        </p>
      )}
    </>
  );
}

/** Long/short, leverage, margin or quantity, optional TP/SL; cost and liquidation price before the button. */
export function ContractTicket({
  pair,
  info,
  rules,
  available,
  opened,
  onOpen,
}: {
  pair: CoinPair;
  info: CoinInfo;
  rules: ContractRules;
  available: string;
  /** How many positions this panel has opened: each one empties the ticket (side and leverage stay). */
  opened: number;
  onOpen: (intent: OpenIntent) => void;
}) {
  const { t } = useTranslation('contract');
  const message = useMessageText();
  const ticket = useContractTicket({ pair, info, rules, available, opened });
  const { lang, side, leverage, sizeField, tpField, slField, state, places, rows } = ticket;
  return (
    <AppForm
      className="ticket"
      onSubmit={() => {
        if (state.request && state.preview)
          onOpen({ request: state.request, preview: state.preview, rows, places });
      }}
    >
      <SideSwitch<PositionSide>
        label={t('ticket.side_label')}
        value={side}
        onChange={ticket.setSide}
        options={[
          { value: 'long', label: t('ticket.long'), testId: 'ticket-long' },
          { value: 'short', label: t('ticket.short'), testId: 'ticket-short' },
        ]}
      />
      <LeverageChips
        symbol={info.symbol}
        choices={rules.choices}
        leverage={leverage}
        onChange={ticket.setLeverage}
      />
      <SizeFields ticket={ticket} base={info.base} />
      <AvailableRow available={available} lang={lang} />
      <div className="trigger-pair">
        <AmountField
          field={tpField}
          label={t('ticket.take_profit')}
          testId="ticket-tp"
          otherError={message(state.errors.takeProfit)}
        />
        <AmountField
          field={slField}
          label={t('ticket.stop_loss')}
          testId="ticket-sl"
          otherError={message(state.errors.stopLoss)}
        />
      </div>
      <p className="hint">{t('ticket.trigger_hint')}</p>
      <TicketVerdict ticket={ticket} />
      <button
        type="submit"
        className={`button ticket__submit ticket__submit--${side === 'long' ? 'buy' : 'sell'}`}
        disabled={!state.request || [sizeField, tpField, slField].some((field) => field.error !== '')}
        data-testid="ticket-open"
      >
        {t(side === 'long' ? 'ticket.open_long' : 'ticket.open_short', { leverage })}
      </button>
    </AppForm>
  );
}
