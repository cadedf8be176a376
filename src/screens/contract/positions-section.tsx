import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/hook';
import type { ContractPosition, ContractRules } from '../../../domain/protocol/contracts';
import type { CoinInfo } from '../../../domain/protocol/market';
import { contractEndpoints } from '../../../domain/protocol/endpoints/contracts';
import { call } from '../../api/call';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/content/state-views';
import type { LiveData, LiveState } from '../../components/content/use-live-data';
import { LoadMore } from '../../components/content/paged-list';
import { usePaged } from '../../components/content/use-paged';
import { PositionCard, type PositionAction } from './position-card';
import { MarginSheet, TriggerSheet } from './position-sheets';
import { useFollowPositions } from '../../market/positions';
import { ListSection } from './list-section';
import { showToast } from '../../services/toast';
import { usePrivateRefetch } from '../../market/use-private-refetch';
import { CloseConfirmSheet, type CloseTarget } from './close-confirm-sheet';
import { allOf, closingNow, useClosePositions } from './use-close-positions';
import { Button } from '../../components/button';

type View = 'open' | 'history';
const ID = 'positions';
const POSITION_EVENTS = ['positions'] as const;
const loadHistory = (page: number, size: number) =>
  call(contractEndpoints.list, { status: 'history', page, size }, { silent: true });

/**
 * The open positions as the worker needs them, the same array until one of them is opened, closed
 * or changed (margin added): a re-read after a funding or a TP/SL edit does not restart their figures.
 */
function useFollowedList(list: readonly ContractPosition[] | null): readonly ContractPosition[] | null {
  const signature = list
    ? list.map((p) => `${p.id}|${p.symbol}|${p.side}|${p.qty}|${p.entryPrice}|${p.margin}`).join(';')
    : null;
  const [kept, setKept] = useState({ signature, list });
  if (kept.signature !== signature) {
    // Adjusting state while rendering (React's documented pattern): no extra commit with the old list.
    setKept({ signature, list });
    return list;
  }
  return kept.list;
}

/** A symbol's price and quantity decimals, and its base coin, from the coin list. */
function coinLookups(infos: readonly CoinInfo[]) {
  const scales = (symbol: string) => {
    const info = infos.find((i) => i.symbol === symbol);
    return { priceScale: info?.priceScale ?? 2, qtyScale: info?.qtyScale ?? 8 };
  };
  const base = (symbol: string) => infos.find((i) => i.symbol === symbol)?.base ?? symbol;
  return { scales, base };
}

/** The closed positions read so far, as one list (the pages after the first appended). */
function historyList(history: ReturnType<typeof usePaged<ContractPosition>>) {
  return history.first.status === 'ready'
    ? { ...history.first, data: history.rows }
    : { ...history.first, reload: history.reload };
}

type Editing = { action: 'tpsl' | 'margin'; position: ContractPosition };

/** The sheet of the action being taken on a position: TP/SL or add margin. */
function EditSheet({
  editing,
  rules,
  priceScale,
  available,
  onDone,
  onCancel,
}: {
  editing: Editing;
  rules: ContractRules;
  priceScale: number;
  available: string;
  onDone: (position: ContractPosition, text: string) => void;
  onCancel: () => void;
}) {
  const sheet = { position: editing.position, priceScale, onDone, onCancel };
  return editing.action === 'tpsl' ? (
    <TriggerSheet {...sheet} />
  ) : (
    <MarginSheet {...sheet} rules={rules} available={available} />
  );
}

/**
 * The card actions: a close asks for confirmation, TP/SL and margin open their sheet. One callback
 * for the panel's lifetime, so a memoised card does not re-render for a new one.
 */
function usePositionActions(setClosing: (target: CloseTarget) => void, onChanged: () => void) {
  const [editing, setEditing] = useState<Editing | null>(null);
  const actRef = useRef(act);
  useLayoutEffect(() => {
    actRef.current = act;
  });
  const onAction = useCallback((a: PositionAction, p: ContractPosition) => actRef.current(a, p), []);

  function act(action: PositionAction, position: ContractPosition) {
    if (action === 'close') setClosing({ kind: 'one', id: position.id });
    else setEditing({ action, position });
  }
  // A sheet's change is saved: it closes, says so, and the list is read again.
  const done = (_: ContractPosition, text: string) => {
    setEditing(null);
    showToast(text);
    onChanged();
  };
  return { editing, setEditing, onAction, done };
}

/**
 * The open positions followed by the worker, and the closed ones read a page at a time (a
 * months-old account has more than one page holds) while their tab is shown.
 */
function usePositionLists(active: LiveData<ContractPosition[]>, rules: ContractRules, view: View) {
  const history = usePaged('contract-history', loadHistory, view === 'history');
  useFollowPositions(useFollowedList(active.status === 'ready' ? active.data : null), rules);
  usePrivateRefetch(POSITION_EVENTS, () => {
    // Closed positions only ever arrive at the top: the pages read below stay.
    if (view === 'history') void history.refresh({ keepMore: true });
  });
  return history;
}

/** A position list's loading, error or empty state, or its cards. */
function PositionList({
  list,
  view,
  rules,
  scales,
  onAction,
}: {
  list: LiveState<readonly ContractPosition[]> & { reload: () => void };
  view: View;
  rules: ContractRules;
  scales: (symbol: string) => { priceScale: number; qtyScale: number };
  onAction: (action: PositionAction, position: ContractPosition) => void;
}) {
  const { t } = useTranslation('contract');
  if (list.status === 'loading') return <ListSkeleton rows={2} />;
  if (list.status === 'error') return <ErrorState error={list.error} onRetry={list.reload} />;
  if (list.data.length === 0)
    return view === 'open' ? (
      <EmptyState title={t('positions.empty')} body={t('positions.empty_body')} />
    ) : (
      <EmptyState title={t('positions.history_empty')} />
    );
  return (
    <ul className="card-list" data-testid={`positions-${view}`}>
      {list.data.map((position) => (
        <PositionCard
          key={position.id}
          position={position}
          rules={rules}
          {...scales(position.symbol)}
          onAction={onAction}
        />
      ))}
    </ul>
  );
}

/**
 * Open positions and closed ones under the contract ticket; a close (or close all) first shows its
 * estimated fee, P&L and return (CloseConfirmSheet). The worker keeps the open ones' figures live
 * (useFollowPositions: it recomputes them on each mark tick and posts only what changed); the list
 * itself is the REST answer, re-read on the user's own actions and on the private `positions`
 * channel (opened, closed, triggered, liquidated, funded).
 */
export function PositionsSection({
  active,
  rules,
  infos,
  available,
  onChanged,
}: {
  active: LiveData<ContractPosition[]>;
  rules: ContractRules;
  infos: readonly CoinInfo[];
  available: string;
  onChanged: () => void;
}) {
  const { t } = useTranslation('contract');
  const [view, setView] = useState<View>('open');
  const { closing, setClosing, busy, close } = useClosePositions(onChanged);
  const { editing, setEditing, onAction, done } = usePositionActions(setClosing, onChanged);
  const history = usePositionLists(active, rules, view);
  const { scales, base } = coinLookups(infos);
  const open = active.status === 'ready' ? active.data : [];
  const closes = closingNow(closing, open);

  return (
    <>
      <ListSection<View>
        label={t('positions.title')}
        idPrefix={ID}
        selected={view}
        onSelect={setView}
        options={[
          { value: 'open', label: t('positions.open', { count: open.length }), testId: 'positions-tab-open' },
          { value: 'history', label: t('positions.history'), testId: 'positions-tab-history' },
        ]}
        action={
          view === 'open' &&
          open.length > 0 && (
            <Button testId="positions-close-all" onClick={() => setClosing(allOf(open))}>
              {t('positions.close_all')}
            </Button>
          )
        }
      >
        <PositionList
          list={view === 'open' ? active : historyList(history)}
          view={view}
          rules={rules}
          scales={scales}
          onAction={onAction}
        />
        {view === 'history' && (
          <LoadMore paged={history} label={t('positions.history_more')} className="positions-more" />
        )}
      </ListSection>
      {closing && closes.length > 0 && (
        <CloseConfirmSheet
          target={closing}
          positions={closes}
          rules={rules}
          scales={scales}
          base={base}
          busy={busy}
          onConfirm={(quantity) => void close(closing, quantity)}
          onCancel={() => setClosing(null)}
        />
      )}
      {editing && (
        <EditSheet
          editing={editing}
          rules={rules}
          priceScale={scales(editing.position.symbol).priceScale}
          available={available}
          onDone={done}
          onCancel={() => setEditing(null)}
        />
      )}
    </>
  );
}
