/**
 * Dependency rules of `npm run check` (dependency-cruiser over the compiled tree, dist/src: TypeScript 7
 * ships no compiler API for it to read .ts, so these are the imports that exist at run time; type-only
 * imports are checked by the folder layering of the sources, see docs/architecture.md).
 *
 * Layers, each importing only those after it: http → domain → voices → speech → audio. The root
 * modules are the composition root (main, app, container, cli) and the kernel every layer may use
 * (errors, ids, config).
 */
const LAYERS = ['http', 'domain', 'voices', 'speech', 'audio'];
const INFRASTRUCTURE = ['db', 'storage', 'queue', 'ratelimit', 'models'];

const below = (layer) => LAYERS.slice(LAYERS.indexOf(layer) + 1);
const above = (layer) => LAYERS.slice(0, LAYERS.indexOf(layer));

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles between modules.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...LAYERS.filter((layer) => above(layer).length > 0).map((layer) => ({
      name: `${layer}-imports-no-layer-above`,
      comment: `${layer} may import ${below(layer).join(', ') || 'no other layer'}, never ${above(layer).join(', ')}.`,
      severity: 'error',
      from: { path: `^dist/src/${layer}/` },
      to: { path: `^dist/src/(${above(layer).join('|')})/` },
    })),
    {
      name: 'core-imports-no-infrastructure',
      comment: 'The domain, voices, speech and audio layers reach infrastructure only through the container.',
      severity: 'error',
      from: { path: '^dist/src/(domain|voices|speech|audio)/' },
      to: { path: `^dist/src/(${INFRASTRUCTURE.join('|')})/` },
    },
    {
      name: 'domain-imports-no-frameworks',
      comment: 'No web framework, database driver or SDK in the domain.',
      severity: 'error',
      from: { path: '^dist/src/domain/' },
      to: { path: 'node_modules/(fastify|@fastify|pg|libsql|kysely|@aws-sdk|bullmq|ioredis)/' },
    },
    {
      name: 'onnx-and-workers-import-no-layer',
      comment: 'src/onnx (model files, ONNX reading and writing, sessions) and src/workers (supervised worker pools) serve the layers and import none of them.',
      severity: 'error',
      from: { path: '^dist/src/(onnx|workers)/' },
      to: { path: `^dist/src/(${[...LAYERS, ...INFRASTRUCTURE].join('|')})/` },
    },
    {
      name: 'engines-reached-through-manifests',
      comment:
        "An engine's folder is imported only by the one list of engines (speech/engine-manifests) and by engines; the rest of the service sees manifests and SpeechEngines (shared/ and onnx/ are engine helpers, speech/text uses their tokens).",
      severity: 'error',
      from: { path: '^dist/src/', pathNot: '^dist/src/speech/(engine-manifests\\.js$|engines/)' },
      to: { path: '^dist/src/speech/engines/', pathNot: '^dist/src/speech/engines/shared/' },
    },
    {
      name: 'kernel-imports-nothing-above',
      comment: 'errors, ids and config are imported by every layer and import none.',
      severity: 'error',
      from: { path: '^dist/src/(errors|ids|config)\\.js$' },
      to: { path: '^dist/src/[^/]+/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^dist/(test|bench)/' },
  },
};
