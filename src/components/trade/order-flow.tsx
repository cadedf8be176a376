import { useState, type ReactNode } from 'react';
import { ButtonLink } from '../button';
import type { Wallet } from '../../../domain/protocol/account';
import { getAssets } from '../../state/assets';
import { useBalancesRefetch } from '../../market/use-private-refetch';
import { EmptyState, ErrorState, ListSkeleton } from '../content/state-views';
import { useLiveData } from '../content/use-live-data';

const loadAssets = () => getAssets({ silent: true });

/** What an order form is given once its subject and the balances have loaded. */
export type OrderFlowForm<S, R> = {
  subject: S;
  /** The free balance of the wallet the order is paid from (the broker checks it again). */
  available: string;
  /** The server took the order: its answer replaces the form. */
  onDone: (result: R) => void;
  /** The server refused: the subject may have changed (closed, applied for already), so re-read it. */
  onRefused: () => void;
};

/**
 * The order screen of one subject (an IPO, a coin sale, a block, an AI product): the subject and
 * the user's balances load together; the balances are read again whenever they move on the
 * server (another tab's order, a transfer: the form must not offer what the ledger no longer
 * has); after the server's answer, both are. `children` draws the form (or why there is none);
 * once the server took the order, `done` draws its result in place of the form, with the subject
 * as it was ordered.
 */
export function OrderFlow<S, R>({
  dataKey,
  load,
  pay,
  back,
  done,
  children,
}: {
  /** useLiveData's key of the subject. */
  dataKey: string;
  load: () => Promise<S>;
  /** The wallet and currency the order is paid from. */
  pay: { wallet: Wallet; currency: string };
  /** Where a link naming no such subject leads: the list to choose from, not a retry. */
  back: { href: string; label: string };
  done: (result: R, subject: S) => ReactNode;
  children: (form: OrderFlowForm<S, R>) => ReactNode;
}) {
  const detail = useLiveData(dataKey, load);
  const assets = useLiveData('user-assets', loadAssets);
  useBalancesRefetch(assets.refresh);
  const [answer, setAnswer] = useState<{ result: R; subject: S } | null>(null);

  if (answer) return done(answer.result, answer.subject);
  if (detail.status === 'loading' || assets.status === 'loading') return <ListSkeleton rows={5} />;
  if (detail.status === 'error')
    return <ErrorState error={detail.error} onRetry={detail.reload} back={back} />;
  if (assets.status === 'error') return <ErrorState error={assets.error} onRetry={assets.reload} />;
  const subject = detail.data;
  // In the background: a reload's skeleton would unmount the form and the refusal it shows.
  const reread = () => {
    detail.refresh();
    assets.refresh();
  };
  const balance = assets.data.balances.find((b) => b.wallet === pay.wallet && b.currency === pay.currency);
  return children({
    subject,
    available: balance?.available ?? '0',
    onDone: (result) => {
      setAnswer({ result, subject });
      reread();
    },
    onRefused: reread,
  });
}

/** The subject's head above what the screen shows of it (styles/ipo.css). */
export function OrderStack({
  head,
  testId,
  children,
}: {
  head: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <div className="ipo-stack" data-testid={testId}>
      {head}
      {children}
    </div>
  );
}

/**
 * An order screen whose subject takes no order from this user now (not open, members only,
 * applied for already): why, and the way on.
 */
export function OrderClosed({
  head,
  testId,
  title,
  body,
  action,
}: {
  head: ReactNode;
  testId?: string;
  title: string;
  body?: string;
  action: { href: string; label: string; testId: string; primary?: boolean };
}) {
  return (
    <OrderStack head={head} testId={testId}>
      <EmptyState
        title={title}
        body={body}
        action={
          <ButtonLink
            href={action.href}
            look={action.primary ? 'primary' : 'secondary'}
            testId={action.testId}
          >
            {action.label}
          </ButtonLink>
        }
      />
    </OrderStack>
  );
}
