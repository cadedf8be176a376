/**
 * Where the built app's route → files map of the idle preload lies (vite-plugins/idle-preload.ts writes
 * it): index.html names it in the meta element of this name. A module of its own, as the first
 * load reads it and the list of screens is none of the first load's.
 */
export const IDLE_MAP_META = 'seans-idle-preload';
