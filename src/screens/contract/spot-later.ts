import { onFirstScreen } from '../../components/content/after-largest-paint';
import { loadProfile } from '../../state/account';
import { loadSpotRules } from './use-spot-rules';

/** A task boundary: what runs next is a task of its own, and a tap queued meanwhile goes first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * zod with the least of ours (the declarations' helper, as src/routes/idle-steps.ts does): its
 * evaluation is the largest of the ticket's later parts, so it runs alone.
 */
const ZOD = () => import('../../../domain/protocol/endpoint');
/** The wire fields' schemas, which every declaration below builds on. */
const FIELDS = () => import('../../../domain/validation/fields');
const ORDERS = () => import('../../../domain/protocol/endpoints/coin-orders');
const PREVIEW = () => import('../../../domain/protocol/endpoints/order-preview');

/**
 * The spot ticket's later parts in order, each module graph evaluated in a task of its own. Asked
 * together, they all waited for zod's chunk, the largest, and when it arrived zod, the orders
 * list and the user and preview declarations were evaluated in one task of 95–220 ms on the
 * reference phone, after the ticket's largest paint. Now zod first; then the rules (decimal.js,
 * which the orders list reads too); then the wire fields' schemas; then the orders' declarations
 * with theirs; then the orders list (below the form, the only part that shows anything:
 * `showOrders`); then the preview's declaration, so the first order typed is previewed as
 * before; then whether orders are confirmed with the trade password (the user declarations'
 * schemas). Each step after the first costs a round trip on a slow network; an input on the
 * form asks for the rules at once. A ticket opened by a tap asks for them all at once instead: the
 * round trips in a row kept its orders list a skeleton ~1 s longer after the tap (the bench's
 * Trade tap 1.2–1.4 → 2.5 s), and a tap's screen is not inside Lighthouse's load.
 */
export async function loadSpotLater(
  showOrders: () => Promise<unknown>,
  byDocument: () => boolean = onFirstScreen,
): Promise<void> {
  const steps = [ZOD, loadSpotRules, FIELDS, ORDERS, showOrders, PREVIEW];
  // A step that fails (the network) does not hold the next; each part asks again as it is used.
  if (!byDocument()) await Promise.all(steps.map((step) => step().catch(() => undefined)));
  else
    for (const step of steps) {
      await step().catch(() => undefined);
      await nextTask();
    }
  await loadProfile();
}
