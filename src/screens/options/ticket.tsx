import { useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import { useSnapshot } from 'valtio';
import type { OptionRule } from '../../../domain/protocol/options';
import { RiskCheckLink } from '../../components/trade/risk-check-link';
import { FormAlert } from '../../components/form/submit-button';
import { prefs } from '../../state/prefs';
import { buyFigures } from './figures';
import { price } from './format';
import { OptionPicker } from './option-picker';
import { TicketSimulation } from './simulated-returns';
import { TicketBar } from './ticket-bar';
import { TicketLine } from './ticket-line';
import { contractsRefusal, shortfall } from './ticket-refusal';
import { ContractsField, useContractsField } from './contracts-field';
import { TicketSheets } from './ticket-sheets';
import { useTicketPurchase } from './use-ticket-purchase';
import { shortReason, TicketCost } from './ticket-cost';
import { useStockAvailable } from './use-stock-available';
import { useTicketPick } from './use-ticket-pick';
import { useTicketQuote } from './use-ticket-quote';
import { serverNow } from '../../api/server-clock';
import { formatTry } from '../../../domain/format/number';

/** The amount field's whole number of contracts; null for none (0). */
function contractsOf(value: string): bigint | null | 'empty' {
  if (value === '') return 'empty';
  const n = BigInt(value);
  return n > 0n ? n : null;
}

/**
 * The option ticket: call or put, expiry, strike and contracts; the premium and Greeks priced by
 * the worker on every tick of the underlying, its cost and breakeven from them; the payoff at
 * expiry and on a chosen date drawn (simulated returns); buying behind a confirm sheet with every figure.
 */
export function Ticket({ rule, onShowPositions }: { rule: OptionRule; onShowPositions: () => void }) {
  const { t } = useTranslation('options');
  if (rule.expiries.length === 0 || rule.strikes.length === 0)
    return (
      <p className="options-note" data-testid="option-none">
        {t('ticket.none')}
      </p>
    );
  return <TicketForm rule={rule} onShowPositions={onShowPositions} />;
}

/** A refusal on the form; the risk check's one with the way to the check. */
function Refusal({ formError, checkHref }: { formError: string; checkHref: string | null }) {
  if (checkHref) return <RiskCheckLink href={checkHref} message={formError} />;
  return <FormAlert message={formError} testId="option-error" />;
}

function TicketForm({ rule, onShowPositions }: { rule: OptionRule; onShowPositions: () => void }) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  const contractsField = useContractsField();
  const [inputError, setInputError] = useState('');
  const { available, refresh: refreshAssets } = useStockAvailable();
  const purchase = useTicketPurchase(refreshAssets, onShowPositions, rule.symbol);
  const { setFormError, confirm, sheets } = purchase;

  const { pick, changePick } = useTicketPick(rule);
  const { expiresAt } = pick;
  const typed = contractsOf(contractsField.value);
  const contracts = typeof typed === 'bigint' ? typed : null;
  const quote = useTicketQuote(rule, pick);
  // The spot the premium was priced on: the two always agree on screen and in the sheet.
  const spot = quote?.spot ?? rule.spot;
  const figures = quote ? buyFigures(rule, pick, contracts, quote, serverNow()) : null;
  const scale = rule.priceScale;
  const affordable = shortfall(available, figures, rule);
  const short = affordable !== null;

  const submit = () => {
    setFormError('');
    if (contractsField.error !== '') return; // said under the field as it was typed
    if (!figures) return; // the button is off until the worker's first quote
    const refusal = contractsRefusal(typed, figures, rule, t, locale);
    if (refusal !== null) return setInputError(refusal);
    if (typeof typed !== 'bigint' || short) return; // explained under the figures; the button is off
    confirm({ pick, contracts: typed, figures });
  };

  return (
    <div className="options-stack" data-testid="option-ticket">
      <TicketLine label={t('ticket.spot')} value={price(spot, locale, scale)} testId="option-spot" />
      {!rule.marketOpen && (
        <p className="options-notice" role="status" data-testid="option-closed">
          {t('ticket.closed')}
        </p>
      )}
      <OptionPicker rule={rule} pick={pick} locale={locale} onChange={changePick} />
      <ContractsField
        field={contractsField}
        rule={rule}
        locale={locale}
        error={inputError}
        onEdit={() => {
          setInputError('');
          setFormError('');
        }}
      />
      <TicketCost rule={rule} figures={figures} expiresAt={expiresAt} locale={locale} />
      {figures && <TicketSimulation rule={rule} pick={pick} figures={figures} spot={spot} locale={locale} />}
      {available !== null && (
        <TicketLine
          label={t('ticket.available')}
          value={formatTry(available, locale)}
          testId="option-available"
        />
      )}
      <Refusal {...purchase} />
      <TicketBar
        shortText={short ? shortReason(available, figures?.cost, affordable, t, locale) : ''}
        waiting={rule.marketOpen && !quote}
        disabled={!rule.marketOpen || short || !quote}
        onSubmit={submit}
      />
      <TicketSheets rule={rule} {...sheets} />
    </div>
  );
}
