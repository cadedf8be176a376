import Decimal from 'decimal.js';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n-hook';
import { useSnapshot } from 'valtio';
import { formatDateTime } from '../../../domain/format/date';
import type { OptionKind, OptionPosition, OptionRule } from '../../../domain/protocol/options';
import { getAssets } from '../../api/assets';
import { RequestIntent } from '../../api/request-id';
import { useLiveData } from '../../components/content/use-live-data';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { FormAlert } from '../../components/form/submit-button';
import { AmountField } from '../../components/form/amount-field';
import { useAmountField } from '../../components/form/use-amount-field';
import '../../components/trade/ticket-amount-namespace';
import { FigureRows } from '../../components/trade/figure-rows';
import { useFollowOptionQuotes, useOptionQuote } from '../../market/option-quotes';
import { account } from '../../state/account';
import { prefs } from '../../state/prefs';
import { session } from '../../state/session';
import { buyFigures, maxAffordable, nearestStrike } from './figures';
import { BuySheet, type PendingBuy } from './buy-sheet';
import { count, money, price, share } from './format';
import { OptionPicker, type Pick } from './option-picker';
import { PayoffChart } from './payoff-chart';
import { BoughtSheet } from './result-sheets';
import { costRows } from './ticket-figures';
import { spotNow } from './use-spot';
import { modelTermsKey, type ModelTerms } from './model-terms';
import { serverNow } from '../../api/server-clock';

/** The amount field's whole number of contracts; null for none (0). */
function contractsOf(value: string): bigint | null | 'empty' {
  if (value === '') return 'empty';
  const n = BigInt(value);
  return n > 0n ? n : null;
}

/** The worker's quote id for the ticket's current pick. */
const TICKET = 'ticket';

const loadAssets = () => getAssets({ silent: true });

/** The stock account's available TRY, where option premiums and fees are paid from. */
function stockAvailable(answer: Awaited<ReturnType<typeof getAssets>>): string {
  return answer.balances.find((b) => b.wallet === 'stock' && b.currency === 'TRY')?.available ?? '0';
}

/**
 * The option ticket: call or put, expiry, strike and contracts; the premium and Greeks priced by
 * the worker on every tick of the underlying, its cost and breakeven from them; the payoff at
 * expiry drawn; buying behind a confirm sheet with every figure.
 */
export function Ticket({ rule, onShowPositions }: { rule: OptionRule; onShowPositions: () => void }) {
  const { t } = useTranslation('options');
  const locale = useSnapshot(prefs).lang;
  const [kind, setKind] = useState<OptionKind>('call');
  const [chosenExpiry, setExpiry] = useState<number | null>(null);
  const [chosenStrike, setStrike] = useState<string | null>(null);
  // Whole contracts only: the numeric pad, and "Kontrat sayısı tam sayı olmalıdır" for a fraction.
  const contractsField = useAmountField(
    { decimals: 0, unit: t('contracts_unit', { ns: 'ticketAmount' }) },
    '1',
  );
  const [inputError, setInputError] = useState('');
  const [formError, setFormError] = useState('');
  const [pending, setPending] = useState<PendingBuy | null>(null);
  const [bought, setBought] = useState<OptionPosition | null>(null);
  // One requestId per purchase: a confirmation again after a lost answer buys once. The premium
  // is not part of the intent: a re-priced retry of a purchase that did go through is refused
  // (REQUEST_ID_REUSED, "check your records") instead of buying a second position.
  const [intent] = useState(() => new RequestIntent('option-order'));
  const { accountEpoch } = useSnapshot(account);
  const signedIn = useSnapshot(session).userToken !== '';
  const assets = useLiveData(`option-assets|${accountEpoch}`, loadAssets, signedIn);
  // Another tab's order or a transfer moves what this form offers (the broker re-checks it).
  useBalancesRefetch(assets.refresh);
  const available = assets.status === 'ready' ? stockAvailable(assets.data) : null;
  // After an answer the balance moved: re-read behind what is shown (no flash; signed out, nothing).
  const { refresh: refreshAssets } = assets;

  // A refreshed rule may no longer offer what was picked (today's expiry passed): fall back.
  const expiresAt = rule.expiries.some((e) => e.expiresAt === chosenExpiry)
    ? (chosenExpiry ?? 0)
    : (rule.expiries[0]?.expiresAt ?? 0);
  const strike =
    chosenStrike !== null && rule.strikes.includes(chosenStrike)
      ? chosenStrike
      : (nearestStrike(rule.strikes, rule.spot) ?? '');
  // Stable while nothing in it changes, with a stable onChange: the memoised picker skips a
  // keystroke's, a tick's and the sheet's re-renders.
  const pick: Pick = useMemo(() => ({ kind, strike, expiresAt }), [kind, strike, expiresAt]);
  const changePick = useCallback((change: Partial<Pick>) => {
    if (change.kind !== undefined) setKind(change.kind);
    if (change.expiresAt !== undefined) setExpiry(change.expiresAt);
    if (change.strike !== undefined) setStrike(change.strike);
  }, []);
  const typed = contractsOf(contractsField.value);
  const contracts = typeof typed === 'bigint' ? typed : null;
  const { symbol, rate } = rule;
  const terms = modelTermsKey(rule);
  const followed = useMemo(
    () => [
      {
        id: TICKET,
        symbol,
        kind,
        strike,
        expiresAt,
        rate,
        spot: spotNow(rule),
        ...(JSON.parse(terms) as ModelTerms),
      },
    ],
    // The spot is only the worker's price until the next tick: a refetch need not re-send.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [symbol, kind, strike, expiresAt, terms, rate],
  );
  useFollowOptionQuotes(followed);
  const quote = useOptionQuote(TICKET);
  // The spot the premium was priced on: the two always agree on screen and in the sheet.
  const spot = quote?.spot ?? rule.spot;
  const figures = quote ? buyFigures(rule, pick, contracts, quote, serverNow()) : null;
  const scale = rule.priceScale;
  // The cost at the price now must be there before the confirmation asks for the broker's quote.
  // (A count the rule refuses anyway is said first, by submit.)
  const short =
    available !== null &&
    figures?.cost != null &&
    !figures.aboveMaximum &&
    !figures.belowMinimum &&
    new Decimal(figures.cost).gt(available);
  // Said by the button it disables, with the most that fits (audit s30: a greyed-out "Opsiyon al"
  // at the bottom of the screen, its reason scrolled out of view above).
  const affordable = short && figures ? maxAffordable(rule, figures.premium, available) : 0n;
  const shortText = short
    ? `${t('ticket.insufficient', {
        available: money(available, locale),
        amount: money(figures?.cost, locale),
      })} ${
        affordable > 0n
          ? t('ticket.max_affordable', {
              count: Number(affordable),
              contracts: count(affordable.toString(), locale),
            })
          : t('ticket.none_affordable')
      }`
    : '';

  const submit = () => {
    setFormError('');
    if (contractsField.error !== '') return; // said under the field as it was typed
    if (typed === 'empty' || typed === null) {
      setInputError(t(typed === 'empty' ? 'ticket.contracts_required' : 'ticket.contracts_invalid'));
      return;
    }
    if (!figures) return; // the button is off until the worker's first quote
    if (figures.aboveMaximum) {
      setInputError(t('ticket.above_maximum', { max: count(rule.maxContracts, locale) }));
      return;
    }
    if (figures.belowMinimum) {
      setInputError(t('ticket.below_minimum', { amount: money(rule.minPremium, locale) }));
      return;
    }
    if (short) return; // explained under the figures; the button is off
    setPending({ pick, contracts: typed, figures });
  };

  if (rule.expiries.length === 0 || rule.strikes.length === 0)
    return (
      <p className="options-note" data-testid="option-none">
        {t('ticket.none')}
      </p>
    );

  return (
    <div className="options-stack" data-testid="option-ticket">
      <div className="options-spot">
        <span className="options-spot__label">{t('ticket.spot')}</span>
        <span className="options-spot__value num" data-testid="option-spot">
          {price(spot, locale, scale)}
        </span>
      </div>
      {!rule.marketOpen && (
        <p className="options-notice" role="status" data-testid="option-closed">
          {t('ticket.closed')}
        </p>
      )}
      <OptionPicker rule={rule} pick={pick} locale={locale} onChange={changePick} />
      <AmountField
        field={contractsField}
        label={t('ticket.contracts')}
        onEdit={() => {
          setInputError('');
          setFormError('');
        }}
        testId="option-contracts"
        otherError={inputError || undefined}
        hint={t('ticket.contracts_hint', {
          multiplier: count(rule.multiplier, locale),
          max: count(rule.maxContracts, locale),
        })}
      />
      <section className="options-block" aria-label={t('ticket.figures')}>
        <h2 className="options-block__title">{t('ticket.figures')}</h2>
        <FigureRows rows={costRows(figures, t, locale, scale)} testId="option-figures" />
        <p className="options-risk" data-testid="option-max-loss">
          {figures?.cost == null
            ? t('ticket.max_loss_unknown')
            : t('ticket.max_loss_now', { amount: money(figures.cost, locale) })}
        </p>
        {figures && (
          <p className="hint" data-testid="option-quote-note">
            {t('ticket.quote_note', { seconds: String(rule.quoteSeconds) })}
          </p>
        )}
        {/* An early close's spread is a cost too: said before buying, not first on the close sheet. */}
        <p className="hint" data-testid="option-close-spread">
          {t('ticket.close_spread', { spread: share(rule.closeSpread, locale) })}
        </p>
        <p className="hint">
          {t('ticket.settles', { time: formatDateTime(expiresAt, locale) })}{' '}
          {t('ticket.model', { vol: share(rule.volatility, locale), rate: share(rule.rate, locale) })}
        </p>
      </section>
      {figures && (
        <PayoffChart
          kind={kind}
          strike={strike}
          premium={figures.premium}
          breakeven={figures.breakeven}
          spot={spot}
          multiplier={rule.multiplier}
          scale={scale}
          locale={locale}
        />
      )}
      {available !== null && (
        <div className="options-spot">
          <span className="options-spot__label">{t('ticket.available')}</span>
          <span className="options-spot__value num" data-testid="option-available">
            {money(available, locale)}
          </span>
        </div>
      )}
      <FormAlert message={formError} testId="option-error" />
      <div className="options-bar">
        {short && (
          <p className="options-bar__reason" role="status" data-testid="option-insufficient">
            {shortText}
          </p>
        )}
        {/* A tap before the worker's first quote for this pick did nothing at all (a11y sweep,
            s39): the button waits, and says what for. */}
        {rule.marketOpen && !quote && (
          <p className="options-bar__reason" role="status" data-testid="option-waiting">
            {t('ticket.waiting_quote')}
          </p>
        )}
        <button
          type="button"
          className="button button--primary"
          data-testid="option-submit"
          disabled={!rule.marketOpen || short || !quote}
          onClick={submit}
        >
          {t('ticket.submit')}
        </button>
      </div>
      {pending && (
        <BuySheet
          rule={rule}
          pending={pending}
          intent={intent}
          onDone={(position) => {
            intent.done();
            setPending(null);
            setBought(position);
            refreshAssets();
          }}
          onRefused={(message) => {
            // The sheet has ended the intent if the refusal was the purchase's answer (not one
            // such as REQUEST_IN_PROGRESS, after which the purchase may have gone through).
            setPending(null);
            setFormError(message);
            refreshAssets();
          }}
          onCancel={() => setPending(null)}
        />
      )}
      {bought && (
        <BoughtSheet
          position={bought}
          onClose={() => setBought(null)}
          onShowPositions={() => {
            setBought(null);
            onShowPositions();
          }}
        />
      )}
    </div>
  );
}
