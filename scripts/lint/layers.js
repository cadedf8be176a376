// ESLint rule that enforces ARCHITECTURE.md's import table between project folders:
// which project folders and which packages each layer may import. Relative imports are
// resolved against the importing file, so `../../server/x` from src/ is caught however deep.
import { builtinModules } from 'node:module';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const LAYERS = ['domain', 'workers', 'src', 'server', 'locales', 'tests', 'scripts'];

/** Project folders each layer may import (its own folder is always allowed). */
const FOLDERS = {
  domain: [],
  workers: ['domain'],
  src: ['domain', 'locales'],
  server: ['domain', 'locales'],
};

const NODE = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)]);
const SERVER_PACKAGES = /^(fastify|@fastify\/|pg$|@electric-sql\/|drizzle-orm|drizzle-kit|ws$|pino|tsx)/;
const UI_PACKAGES = /^(react|react-dom|wouter|valtio|i18next|react-i18next|lightweight-charts)(\/|$)/;
const TEST_PACKAGES = /^(vitest|msw|@testing-library\/|jsdom|playwright-core)(\/|$)/;

/** Packages each layer may import: an allow-list for the pure layers, a deny-list for the others. */
const PACKAGES = {
  domain: { allow: /^(decimal\.js|zod)(\/|$)/ },
  workers: { allow: /^(decimal\.js|zod|comlink|reconnecting-websocket)(\/|$)/ },
  src: { deny: (name) => NODE.has(name) || SERVER_PACKAGES.test(name) },
  server: { deny: (name) => UI_PACKAGES.test(name) },
};

function layerOf(file) {
  const rel = path.relative(ROOT, file).split(path.sep);
  return rel.length > 1 && LAYERS.includes(rel[0]) ? rel[0] : null;
}

function areaOf(file) {
  const rel = path.relative(path.join(ROOT, 'src', 'screens'), file).split(path.sep);
  return rel.length > 1 && rel[0] !== '..' ? rel[0] : null;
}

const isTestFile = (file) => /\.test\.(ts|tsx)$/.test(file);

/**
 * Folders inside src/ that may not import another: generic components never reach into a screen
 * area (an area's component lives in its area), and state never into the market-data client (the
 * client writes into state, not the other way round).
 */
const SRC_FORBIDDEN = [
  { from: 'components', to: 'screens', messageId: 'components' },
  { from: 'state', to: 'market', messageId: 'state' },
];

function srcFolderOf(file) {
  const rel = path.relative(path.join(ROOT, 'src'), file).split(path.sep);
  return rel.length > 1 && rel[0] !== '..' ? rel[0] : null;
}

export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Keep imports within the layer table of ARCHITECTURE.md' },
    schema: [],
    messages: {
      folder: '{{from}}/ may not import {{to}}/ (ARCHITECTURE.md layer rules).',
      package: '{{from}}/ may not import the package "{{name}}" (ARCHITECTURE.md layer rules).',
      area: 'Screens of area "{{from}}" may not import the internals of area "{{to}}"; move shared code to src/components or domain/, or open its chunk through src/routes (docs/architecture.md).',
      components:
        "src/components holds generic parts and may not import src/screens; move an area's component into its area (docs/architecture.md).",
      state:
        'src/state may not import src/market: the market client writes into state, not the other way round.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file);
    if (!from || !(from in FOLDERS)) return {};
    const test = isTestFile(file);

    function check(node, source) {
      if (typeof source !== 'string') return;
      if (source.startsWith('.') || source.startsWith('/')) {
        const target = path.resolve(path.dirname(file), source);
        const to = layerOf(target) ?? '(outside the project folders)';
        if (to !== from && !FOLDERS[from].includes(to) && !(test && to === 'tests')) {
          context.report({ node, messageId: 'folder', data: { from, to } });
          return;
        }
        const fromFolder = srcFolderOf(file);
        const toFolder = srcFolderOf(target);
        const forbidden = SRC_FORBIDDEN.find((f) => f.from === fromFolder && f.to === toFolder);
        if (forbidden) {
          context.report({ node, messageId: forbidden.messageId });
          return;
        }
        const fromArea = areaOf(file);
        const toArea = areaOf(target);
        if (fromArea && toArea && fromArea !== toArea) {
          context.report({ node, messageId: 'area', data: { from: fromArea, to: toArea } });
        }
        return;
      }
      if (test && TEST_PACKAGES.test(source)) return;
      const rule = PACKAGES[from];
      const denied = 'allow' in rule ? !rule.allow.test(source) : rule.deny(source);
      if (denied) context.report({ node, messageId: 'package', data: { from, name: source } });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export const layersPlugin = { rules: { layers: layersRule } };
