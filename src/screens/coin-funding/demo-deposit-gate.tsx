import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session';
import { BlockState } from '../../components/funding/block-state';

/**
 * Demo accounts cannot deposit (DECISIONS §3): the crypto deposit screens say so before anything
 * is tapped, with the way to the real account, as the TRY funding screens do (their BlockState),
 * instead of offering an address the server then refuses to make.
 */
export function DemoDepositGate({ children }: { children: ReactNode }) {
  const { userAccountType } = useSnapshot(session);
  if (userAccountType === 'demo') return <BlockState block="DEMO_NOT_ALLOWED" />;
  return <>{children}</>;
}
