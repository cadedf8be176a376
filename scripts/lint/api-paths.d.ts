import type { Rule } from 'eslint';

export function apiRoots(root?: string): string[];
export function apiPathPattern(roots: readonly string[]): RegExp;
export const apiPathsRule: Rule.RuleModule;
