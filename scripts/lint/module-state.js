// ESLint rule: the server keeps no mutable state in a module. What an app holds in memory (its
// user-event bus, its session cache, its alert engine…) is made by buildApp and passed down
// (server/app-state.ts), so two apps in one process share nothing. A module-level `let`, or a
// module-level collection that the module changes, would be one per process instead: every app
// a test builds, and every app a process restarts, would see the others' entries.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

/**
 * The module-level collections that stay, by "file:name", each with why sharing it is safe.
 * A new entry needs the same: a cache of what cannot differ between apps, or a map keyed by
 * something each app owns (its database handle, its Fastify instance, its market source).
 */
export const ALLOWED = {
  'server/app-state.ts:byDatabase':
    "how code holding an app's database handle finds that app's state; keyed by the handle each app owns",
  'server/ws.ts:hubs': "each app's WebSocket hub, keyed by its own Fastify instance",
  'server/ws.ts:openSockets': "each app's open sockets, keyed by its own Fastify instance",
  'server/ws/stream-frames.ts:encoders': 'frame encoders keyed by the market source each app owns',
  'server/membership/advice.ts:computed': "the day's advice keyed by the market source each app owns",
  'server/trading/prepared.ts:prepared':
    'prepared statement names, keyed by the database client they were prepared on',
  'server/trading/json-rows.ts:shapes': 'the column shape of a table, derived from its constant schema',
  'server/accounts/password.ts:dummies':
    'a dummy hash per scrypt cost, for even timing; the same for every app',
  'server/alerts/vapid.ts:ensured': "the VAPID key file's content, keyed by the data directory it lives in",
  'server/funding/address-key.ts:loaded':
    "the address key file's content, keyed by the data directory it lives in",
};

/** Calls that change a Map, Set, array or object held by a module variable. */
const MUTATORS = new Set([
  'set',
  'add',
  'delete',
  'clear',
  'push',
  'pop',
  'shift',
  'unshift',
  'splice',
  'sort',
  'reverse',
  'fill',
  'copyWithin',
]);
const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array', 'Object']);

function applies(file) {
  const rel = path.relative(ROOT, file).split(path.sep).join('/');
  return rel.startsWith('server/') && !/\.test\.ts$/.test(rel) ? rel : null;
}

/** A collection made at the top level: `new Map()`, `[]`, `{}`, `new Set(…)`… */
function isCollection(init) {
  if (!init) return false;
  if (init.type === 'TSAsExpression' || init.type === 'TSSatisfiesExpression')
    return isCollection(init.expression);
  if (init.type === 'ArrayExpression' || init.type === 'ObjectExpression') return true;
  return (
    init.type === 'NewExpression' && init.callee.type === 'Identifier' && COLLECTIONS.has(init.callee.name)
  );
}

/** Whether this use of the variable changes what it holds: `x.set(…)`, `x[k] = …`, `x.k++`, `delete x.k`. */
function mutates(identifier) {
  const member = identifier.parent;
  if (member?.type !== 'MemberExpression' || member.object !== identifier) return false;
  const use = member.parent;
  if (use?.type === 'CallExpression' && use.callee === member)
    return !member.computed && member.property.type === 'Identifier' && MUTATORS.has(member.property.name);
  if (use?.type === 'AssignmentExpression' && use.left === member) return true;
  if (use?.type === 'UpdateExpression') return true;
  return use?.type === 'UnaryExpression' && use.operator === 'delete';
}

/** The rule with its own allow-list (tests check each entry is still needed with an empty one). */
export function moduleStateRuleWith(allowed) {
  return {
    meta: {
      type: 'problem',
      docs: {
        description: 'No mutable module-level state in server/: an app holds it (server/app-state.ts)',
      },
      schema: [],
      messages: {
        let: '`{{name}}` is module-level mutable state, one per process: make it part of the app (server/app-state.ts) and pass it down.',
        mutated:
          '`{{name}}` is a module-level collection this module changes, shared by every app in the process: make it part of the app (server/app-state.ts), or list it in scripts/lint/module-state.js ALLOWED with why sharing it is safe.',
      },
    },
    create(context) {
      const rel = applies(context.filename);
      if (!rel) return {};
      return {
        Program(program) {
          for (const statement of program.body) {
            const declaration =
              statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
            if (declaration?.type !== 'VariableDeclaration') continue;
            for (const declarator of declaration.declarations) {
              if (declarator.id.type !== 'Identifier') continue;
              const name = declarator.id.name;
              if (`${rel}:${name}` in allowed) continue;
              if (declaration.kind !== 'const') {
                context.report({ node: declarator, messageId: 'let', data: { name } });
                continue;
              }
              if (!isCollection(declarator.init)) continue;
              const [variable] = context.sourceCode.getDeclaredVariables(declarator);
              if (variable?.references.some((ref) => mutates(ref.identifier)))
                context.report({ node: declarator, messageId: 'mutated', data: { name } });
            }
          }
        },
      };
    },
  };
}

export const moduleStateRule = moduleStateRuleWith(ALLOWED);
