#!/usr/bin/env node
// Writes clients/openapi.json (the document the server serves) and the TypeScript client's types
// generated from it (clients/typescript/src/schema.ts, openapi-typescript). Needs a build first:
// `npm run clients:generate` does both.
//   --check      compare instead of write; exit 1 naming the stale files (test/clients/ runs it)
//   --dir DIR    the clients folder (default: clients/ of this checkout)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const { values } = parseArgs({
  options: { check: { type: 'boolean' }, dir: { type: 'string' } },
});
const dir = path.resolve(values.dir ?? path.join(root, 'clients'));

const { buildOpenApiDocument } = await import(pathToFileURL(path.join(root, 'dist/src/openapi-document.js')).href);
// openapi-typescript needs TypeScript 5's compiler API, which the TypeScript client's workspace
// carries (the root builds with TypeScript 7, which has none), so it is resolved from there.
const fromClient = createRequire(path.join(root, 'clients/typescript/package.json'));
const generator = await import(pathToFileURL(fromClient.resolve('openapi-typescript')).href);
// require() resolves its CommonJS build: the module object is the default export.
const { default: openapiTS, astToString } = generator.default.default ? generator.default : generator;

const document = await buildOpenApiDocument();
const json = `${JSON.stringify(document, null, 2)}\n`;
const types =
  '// Generated from clients/openapi.json by `npm run clients:generate` (openapi-typescript). Do not edit.\n\n' +
  astToString(await openapiTS(document, { alphabetize: true }));

const outputs = [
  [path.join(dir, 'openapi.json'), json],
  [path.join(dir, 'typescript/src/schema.ts'), types],
];
if (values.check) {
  const stale = outputs.filter(([file, text]) => !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text);
  for (const [file] of stale) console.error(`stale: ${path.relative(root, file)}`);
  if (stale.length > 0) {
    console.error('The served OpenAPI document changed: run `npm run clients:generate` and commit the result.');
    process.exit(1);
  }
  console.log('clients are up to date with the served OpenAPI document');
} else {
  for (const [file, text] of outputs) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
    console.log(`wrote ${path.relative(root, file)}`);
  }
}
