import type { ConditionalEvent } from '../../../domain/protocol/conditional';
import { messages } from '../../db/schema/content';
import type { ConditionalRow } from '../../db/schema/conditional';
import { pushOutbox } from '../../db/schema/push-outbox';
import type { JobContext } from '../writer';
import { endingText, type Ending } from './notify-text';
import type { Pushes } from './pushes';
import { conditionalToWire } from './rows';

/** The screen a conditional order's notification opens (src/paths/paths.ts `conditional`). */
export const CONDITIONAL_SCREEN = '/pages/stock/conditional';

/**
 * Each leg's new state on the private `orders` channel once the job's batch commits: the
 * conditional list and the ticket change at once, whoever ended the leg (a trigger, the expiry
 * job, the user on another device). Nothing is announced that a rolled-back batch undid.
 */
export function announceLegs(jc: JobContext, rows: readonly ConditionalRow[]): void {
  const legs = rows.map((row) => ({
    to: { userId: row.userId, accountType: row.accountType },
    event: { kind: 'conditional', order: conditionalToWire(row) } satisfies ConditionalEvent,
  }));
  jc.afterCommit(() => {
    for (const { to, event } of legs) jc.events.publish(to, 'orders', event);
  });
}

/**
 * Tells the user an ending they did not ask for (a fire, a refusal at the trigger, an expiry):
 * the legs' events, a message-centre entry and the Web Push it owes, both written in the job
 * that changed the legs, so they commit with it or not at all. A leg fires once (its state is
 * the guard), so a takeover that runs the trigger again writes no second message; the push is
 * sent after the commit, or by the next sweep if this node never got to it.
 */
export function createNotifier(pushes: Pushes, clock: { now(): number }) {
  async function tell(jc: JobContext, ending: Ending): Promise<void> {
    const rows = ending.kind === 'fired' ? [ending.leg, ...ending.others] : ending.legs;
    const first = rows[0];
    if (!first) return;
    announceLegs(jc, rows);
    const { userId, accountType } = first;
    const { title, body } = endingText(ending);
    const [message] = await jc.tx
      .insert(messages)
      .values({ userId, accountType, kind: 'personal', title, body })
      .returning({ id: messages.id });
    if (!message) throw new Error('conditional order message not written');
    const [owed] = await jc.tx
      .insert(pushOutbox)
      .values({
        userId,
        messageId: message.id,
        topic: 'conditional',
        tag: `conditional-${first.groupId ?? first.id}`,
        url: CONDITIONAL_SCREEN,
        createdAt: clock.now(),
      })
      .returning({ id: pushOutbox.id });
    if (!owed) throw new Error('conditional order push not written');
    const id = String(message.id);
    jc.afterCommit(() => {
      jc.events.publish({ userId, accountType }, 'messages', {
        type: 'message',
        id,
        kind: 'personal',
        title,
        body,
      });
      pushes.sendNow([owed.id]);
    });
  }
  return { tell };
}

export type Notifier = ReturnType<typeof createNotifier>;
