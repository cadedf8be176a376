/**
 * Where the built app's route → files map of the idle preload lies (vite-plugins/idle-preload.ts writes
 * it): index.html names it in the meta element of this name. A module of its own, as the first
 * load reads it and the list of screens is none of the first load's. Once fetched, the map is also
 * `window[IDLE_MAP_META]`, for Vite's preloader: the map's `texts` give, by language, each chunk's
 * text files, which it links with that chunk (vite-plugins/tap-texts.ts). A tap's preload otherwise
 * links a chunk's imports and not the texts its modules fetch as they run, which then came a round
 * trip after the code.
 */
export const IDLE_MAP_META = 'seans-idle-preload';
