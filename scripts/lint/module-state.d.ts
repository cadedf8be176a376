import type { Rule } from 'eslint';

/** The module-level collections that may stay in server/, by "file:name", with why each is safe. */
export const ALLOWED: Readonly<Record<string, string>>;
/** The rule with its own allow-list. */
export function moduleStateRuleWith(allowed: Readonly<Record<string, string>>): Rule.RuleModule;
/** The rule as `npm run lint` runs it (eslint.config.js `server/module-state`). */
export const moduleStateRule: Rule.RuleModule;
