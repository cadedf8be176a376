import '../conditional/namespace';
import { Component, lazy, Suspense, useEffect, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/hook';
import { isChunkFailure } from '../chunks/lazy-with-retry';
import { PanelChunkError } from '../chunks/panel-chunk-error';
import { ListSkeleton } from '../content/state-views';
import { Segmented } from '../form/segmented';
import type { ConditionalFormProps } from '../conditional/conditional-form';

/** The conditional tab's form comes with its own chunk, when the tab is chosen (a table a test can fail). */
export const conditionalFormChunk = { load: () => import('../conditional/conditional-form') };
const arrived = () =>
  conditionalFormChunk.load().then(
    () => true,
    () => false,
  );
// React.lazy keeps a failed load's error for good: a retry needs a new one.
let ConditionalForm = lazy(() => conditionalFormChunk.load());

/**
 * The form, or its chunk that did not arrive (offline) said in its place with Retry, rather than
 * the screen's error; retried by itself too, as the trade tab's panels are.
 */
class ConditionalFormSlot extends Component<{ form: ConditionalFormProps }, { error: unknown }> {
  override state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  private readonly retry = () => {
    ConditionalForm = lazy(() => conditionalFormChunk.load());
    this.setState({ error: null });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error !== null && !isChunkFailure(error)) throw error;
    if (error !== null) return <PanelChunkError onRetry={this.retry} load={arrived} />;
    // Read here, not passed in as children made before a retry: those hold the failed lazy.
    const { form } = this.props;
    return (
      <Suspense fallback={<ListSkeleton rows={4} />}>
        <ConditionalForm key={form.symbol} {...form} />
      </Suspense>
    );
  }
}

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
  return <ConditionalFormSlot form={props} />;
}
