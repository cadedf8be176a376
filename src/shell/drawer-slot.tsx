import { Component, useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { lazyWithRetry } from '../components/chunks/lazy-with-retry';
import { LoadedSlot } from '../components/chunks/loaded-slot';
import { closeDrawer, ui } from '../state/ui';

/**
 * The side drawer, loaded on its first open. It sits on every screen but few visits open it, and
 * its code (rows, header, icons, sign-out) was ~1.3 KiB of the first load's 150 KiB budget, which
 * had 42 bytes left when the drawer moved here. Until then nothing is rendered; the first open mounts it open,
 * and drawer.css slides the panel in by keyframes (a transition does not run on an element that
 * is inserted open). After that it stays mounted, as before.
 */
const drawer = lazyWithRetry(() => import('./drawer').then((module) => ({ default: module.Drawer })));

/**
 * Its code did not arrive (the broker down, no cached copy): the tap closes it again instead of
 * taking the screen down, and the next tap loads it anew.
 */
class DrawerBoundary extends Component<{ children: ReactNode; onFailed: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(): void {
    drawer.retry();
    this.props.onFailed();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

export function DrawerSlot() {
  const { drawerOpen } = useSnapshot(ui);
  const [wanted, setWanted] = useState(drawerOpen);
  // Bumped after a failed load: a new boundary and a new lazy component for the next tap.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (drawerOpen) setWanted(true);
  }, [drawerOpen]);
  if (!wanted && !drawerOpen) return null;
  return (
    <DrawerBoundary
      key={attempt}
      onFailed={() => {
        closeDrawer();
        setWanted(false);
        setAttempt((n) => n + 1);
      }}
    >
      {/* Not a Suspense fallback: React would hold the drawer back until 300 ms after the tap. */}
      <LoadedSlot screen={drawer} pending={null} />
    </DrawerBoundary>
  );
}
