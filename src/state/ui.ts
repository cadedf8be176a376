import { proxy } from 'valtio';

/** In-memory UI state: never persisted (SPEC §3 keeps positionTab out of storage). */
export const ui = proxy({ positionTab: 0, drawerOpen: false });

export function setPositionTab(tab: number): void {
  ui.positionTab = tab;
}

export function openDrawer(): void {
  ui.drawerOpen = true;
}

export function closeDrawer(): void {
  ui.drawerOpen = false;
}
