import './namespace';
import { useSnapshot } from 'valtio';
import { CONDITIONAL_KINDS } from '../../../domain/conditional/trigger';
import { formatDecimal } from '../../../domain/format/number';
import { useTranslation } from '../../i18n/hook';
import { prefs } from '../../state/prefs';
import { Checkbox } from '../form/checkbox';
import { Segmented } from '../form/segmented';
import type { AmountFieldState } from '../form/use-amount-field';
import { ConfirmSheet } from '../trade/confirm-sheet';
import { CostBreakdown, FigureRows } from '../trade/figure-rows';
import { Stepper } from '../trade/stepper';
import { holdText, legWords } from './conditional-text';
import { TrailFields } from './trail-fields';
import { paths } from '../../paths/paths';
import { ButtonLink } from '../button';
import {
  holdPrices,
  secondLeg,
  firstLeg,
  shapeOf,
  steppedPrice,
  steppedQuantity,
  trailingDisabledReason,
} from './conditional-logic';
import {
  useConditionalForm,
  type ConditionalFormProps,
  type ConditionalFormState,
} from './use-conditional-form';

export type { ConditionalFormProps } from './use-conditional-form';

type Shown = { props: ConditionalFormProps; form: ConditionalFormState };

/** What the user confirms: the kind, the condition and the order it places in words, and the hold. */
function usePreview({ props, form }: Shown) {
  const { t } = useTranslation('conditional');
  const { lang: locale } = useSnapshot(prefs);
  const { inputs } = form;
  const { priceScale, qtyScale, asset, cash, last } = props;
  const units = { priceScale, qtyScale, asset };
  const first = firstLeg(inputs, last);
  const second = secondLeg(inputs, first);
  const words = legWords(t, first, locale, units);
  const other = second ? legWords(t, second, locale, units) : null;
  const held = holdText(
    inputs.side,
    inputs.quantity,
    holdPrices(inputs, last, priceScale),
    props.buyTotal,
    locale,
    {
      qtyScale,
      asset,
      cash,
    },
  );
  const rows = [
    { label: t('kind_label'), value: t(`kind.${inputs.kind}`) },
    { label: t('when'), value: words.when, testId: 'conditional-when' },
    { label: t('places'), value: words.places, testId: 'conditional-places' },
    ...(other ? [{ label: t('second_leg'), value: `${other.when} · ${other.places}` }] : []),
  ];
  const breakdown = (
    <CostBreakdown
      title={t('held')}
      rows={[]}
      total={{ label: t('held_short'), value: held, testId: 'conditional-held' }}
    />
  );
  return { rows, breakdown };
}

/** The trigger (or the trailing distance), the limit, the quantity and the second leg's trigger. */
function ConditionalFields({ props, form }: Shown) {
  const { t } = useTranslation('conditional');
  const { wallet, priceScale, last, cash, asset } = props;
  const { fields, inputs, kind, oco } = form;
  const { usesLimit, canPair, ocoKind } = shapeOf(kind);
  const noTrail = trailingDisabledReason(last);
  const price = (label: string, field: AmountFieldState, value: string | null, id: string, error: string) => (
    <Stepper
      label={`${label} (${cash})`}
      field={field}
      error={error || undefined}
      onStep={(direction) => field.set(steppedPrice(value, last, direction, { wallet, priceScale }))}
      decreaseLabel={`${label} −`}
      increaseLabel={`${label} +`}
      testId={id}
    />
  );
  return (
    <>
      {kind === 'trailing' ? (
        <TrailFields
          by={fields.trailBy}
          onBy={fields.setTrailBy}
          field={fields.trail}
          value={inputs.trail}
          cash={cash}
          disabledReason={noTrail === null ? '' : t(noTrail)}
          error={form.zeroErrors.trail}
        />
      ) : (
        price(t('trigger'), fields.trigger, inputs.trigger, 'conditional-trigger', form.zeroErrors.trigger)
      )}
      {usesLimit &&
        price(
          t(kind === 'stop_limit' ? 'limit' : 'limit_optional'),
          fields.limit,
          inputs.limit,
          'conditional-limit',
          form.zeroErrors.limit,
        )}
      <Stepper
        label={`${t('quantity')} (${asset})`}
        field={fields.qty}
        onStep={(direction) =>
          fields.qty.set(steppedQuantity(inputs.quantity, props.step, direction, props.qtyScale))
        }
        decreaseLabel={`${t('quantity')} −`}
        increaseLabel={`${t('quantity')} +`}
        testId="conditional-qty"
        error={form.zeroErrors.qty || undefined}
      />
      {canPair && (
        <Checkbox checked={oco} onCheckedChange={form.setOco} testId="conditional-oco">
          {t('oco')}
        </Checkbox>
      )}
      {oco &&
        canPair &&
        price(
          t(`oco_trigger_${ocoKind}`),
          fields.oco,
          inputs.ocoTrigger,
          'conditional-oco-trigger',
          form.zeroErrors.oco,
        )}
    </>
  );
}

/**
 * The ticket's "Conditional" tab: a stop, stop-limit, take-profit or trailing stop (and a
 * one-cancels-other second leg), its condition and hold shown in words before it is confirmed.
 */
export default function ConditionalForm(props: ConditionalFormProps) {
  const { t } = useTranslation('conditional');
  const { lang: locale } = useSnapshot(prefs);
  const form = useConditionalForm(props);
  const { rows, breakdown } = usePreview({ props, form });
  const { side, symbol, last } = props;
  const { action } = form;
  return (
    <div className="ticket conditional-form" data-testid="conditional-form">
      <Segmented
        label={t('kind_label')}
        value={form.kind}
        onChange={form.setKind}
        options={CONDITIONAL_KINDS.map((k) => ({
          value: k,
          label: t(`kind.${k}`),
          testId: `conditional-kind-${k}`,
        }))}
      />
      <p className="ticket__note">{t(`kind_help.${form.kind}`)}</p>
      <FigureRows
        rows={[
          {
            label: t('last'),
            value: last === null ? '--' : formatDecimal(last, locale, { decimals: props.priceScale }),
          },
        ]}
      />
      <ConditionalFields props={props} form={form} />
      <FigureRows rows={rows} testId="conditional-preview" />
      {breakdown}
      <p className="ticket__note">{t('held_note')}</p>
      {form.problem && (
        <p
          key={form.refusals}
          className="ticket__error"
          role="alert"
          data-testid="conditional-error"
          data-key={form.problem.key}
        >
          {form.problemText}
        </p>
      )}
      <div className="ticket__bar">
        <button
          type="button"
          className={`button ticket__submit ticket__submit--${side}`}
          data-testid="conditional-submit"
          disabled={!form.ready}
          onClick={form.review}
        >
          {t('review')}
        </button>
        <ButtonLink href={paths.conditional} look="secondary" testId="conditional-view-list">
          {t('view_list')}
        </ButtonLink>
      </div>
      {form.confirming && (
        <ConfirmSheet
          title={t('confirm_title')}
          rows={[{ label: symbol, value: t(`side.${side}`), tone: side === 'buy' ? 'up' : 'down' }, ...rows]}
          costs={breakdown}
          needPassword={props.needPassword || action.askPassword}
          tone={side}
          confirmLabel={t('confirm')}
          busy={action.busy}
          error={action.error}
          onConfirm={(password) => void form.send(password)}
          onCancel={form.cancel}
          testId="conditional-confirm"
        />
      )}
    </div>
  );
}
