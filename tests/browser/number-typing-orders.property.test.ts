import { orderCases } from '../support/number-field-cases-orders';
import { positionCases } from '../support/number-field-cases-position';
import { describeNumberFields } from '../support/number-field-suite';

// The same property (tests/browser/number-typing-trade.property.test.ts) on the conditional order
// form's trigger, limit, trail and quantity, a price alert's level, and an open position's
// take-profit, stop-loss and added margin. The alert and position forms send at once: their
// request is stopped in the browser and must carry the value the rule reads.
describeNumberFields(
  'number fields of conditional orders, alerts and positions',
  [
    'conditional trigger',
    'conditional limit price',
    'conditional trail',
    'conditional quantity',
    'alert threshold',
    'position take-profit',
    'position stop-loss',
    'position add margin',
  ],
  async (broker, user) => [...(await orderCases(broker, user)), ...(await positionCases(broker, user))],
  ['conditional trigger', 'alert threshold', 'position take-profit'],
);
