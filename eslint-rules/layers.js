// A custom ESLint rule: imports only go down the layers of one source tree
// (docs/architecture.md, "Layers and the one-way import rules").
import path from 'node:path';

/**
 * Options: `{ root, layers }`: `root` is the tree (relative to the working directory), `layers`
 * its layers from the bottom up, each `{ name, paths }` with paths relative to `root` (a folder,
 * or a file without its extension). A file outside every layer is not checked.
 */
export const layersRule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports only go down the layers of a source tree' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          layers: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                name: { type: 'string' },
                paths: { type: 'array', items: { type: 'string' } },
              },
              required: ['name', 'paths'],
            },
          },
        },
        required: ['root', 'layers'],
        additionalProperties: false,
      },
    ],
    messages: {
      up: 'The {{from}} layer must not import from the {{to}} layer above it ({{order}}, bottom first).',
    },
  },
  create(context) {
    const { root, layers } = context.options[0];
    const absoluteRoot = path.resolve(context.cwd, root);
    const layerOf = (file) => {
      const relative = path.relative(absoluteRoot, file).split(path.sep).join('/');
      if (relative.startsWith('..')) return -1;
      const withoutExtension = relative.replace(/\.[cm]?[jt]sx?$/, '');
      return layers.findIndex(({ paths }) =>
        paths.some((p) => withoutExtension === p || relative.startsWith(`${p}/`)),
      );
    };
    const from = layerOf(context.filename);
    const check = (node, source) => {
      if (from < 0 || typeof source !== 'string' || !source.startsWith('.')) return;
      const to = layerOf(path.resolve(path.dirname(context.filename), source));
      if (to <= from) return;
      context.report({
        node,
        messageId: 'up',
        data: {
          from: layers[from].name,
          to: layers[to].name,
          order: layers.map((layer) => layer.name).join(' < '),
        },
      });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};
