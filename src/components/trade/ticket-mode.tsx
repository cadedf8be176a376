import '../conditional/namespace';
import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from '../../i18n/hook';
import { ListSkeleton } from '../content/state-views';
import { Segmented } from '../form/segmented';
import type { ConditionalFormProps } from '../conditional/conditional-form';

// The conditional tab's form comes with its own chunk, when the tab is chosen.
const ConditionalForm = lazy(() => import('../conditional/conditional-form'));

export type TicketMode = 'order' | 'conditional';

/** A ticket's Order | Conditional switch; `prefix` names its test ids (stock "ticket", coin "spot"). */
export function TicketModeSwitch({
  value,
  onChange,
  prefix,
}: {
  value: TicketMode;
  onChange: (mode: TicketMode) => void;
  prefix: string;
}) {
  const { t } = useTranslation('conditional');
  return (
    <Segmented
      label={t('mode_label')}
      value={value}
      onChange={onChange}
      options={[
        { value: 'order', label: t('tab_order'), testId: `${prefix}-mode-order` },
        { value: 'conditional', label: t('tab_conditional'), testId: `${prefix}-mode-conditional` },
      ]}
    />
  );
}

/** The conditional tab's form, loaded when first chosen; the symbol keys it so a new pair starts empty. */
export function LazyConditionalForm(props: ConditionalFormProps) {
  // Once a conditional order can be placed here, its firing is said on any screen after. Loaded
  // here, not with the switch: the banner reads its events with the conditional schemas (zod),
  // which the tickets' first paint does not need.
  useEffect(() => {
    void import('../../services/conditional-banner').then((banner) => banner.listenForConditionalOrders());
  }, []);
  return (
    <Suspense fallback={<ListSkeleton rows={4} />}>
      <ConditionalForm key={props.symbol} {...props} />
    </Suspense>
  );
}
