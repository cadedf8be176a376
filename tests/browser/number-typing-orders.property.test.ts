import { orderCases } from '../support/number-field-cases-orders';
import { describeNumberFields } from '../support/number-field-suite';

// The same property (tests/browser/number-typing-trade.property.test.ts) on the conditional order
// form's trigger, limit, trail and quantity, and on a price alert's level: that form sends at once,
// so its request is stopped in the browser and must carry the value the rule reads.
describeNumberFields(
  'number fields of conditional orders and alerts',
  [
    'conditional trigger',
    'conditional limit price',
    'conditional trail',
    'conditional quantity',
    'alert threshold',
  ],
  orderCases,
  ['conditional trigger', 'alert threshold'],
);
