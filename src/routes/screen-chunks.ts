/**
 * Chunks that more than one place opens: the route table, and a screen that shows another area's
 * panel (the Trade tab's coin tickets, the AI row on Home and under the stock ticket). A screen
 * never imports another area's modules (docs/architecture.md); it asks src/routes for the chunk,
 * as the route table does. Two imports of one module are one request.
 */
export const loadAiScreens = () => import('../screens/ai/ai-screens');
export const loadAiEntry = () => import('../screens/ai/ai-entry');
export const loadSpotPanel = () => import('../screens/contract/spot-panel');
// The spot ticket's first two answers, asked for as the Trade tab's route loads (first-routes.ts).
export const loadSpotFirstCalls = () => import('../screens/contract/spot-first-calls');
export const loadContractPanel = () => import('../screens/contract/contract-panel');
