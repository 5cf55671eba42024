import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadConfig } from '../src/config.js';
import { ROOT } from './helpers/process.js';
import { readmeSection } from './helpers/readme.js';

describe('configuration of S3 storage and shared rate limits', () => {
  test('without S3_BUCKET and REDIS_URL: local disk, per-process limits', () => {
    const config = loadConfig({ AWS_ACCESS_KEY_ID: 'ignored', S3_ENDPOINT: 'http://ignored' }, '/srv');
    assert.equal(config.s3, null);
    assert.equal(config.redisUrl, null);
  });

  test('S3_* and the AWS credential variables', () => {
    const config = loadConfig({
      S3_BUCKET: 'voice-audio',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_FORCE_PATH_STYLE: 'true',
      AWS_REGION: 'eu-west-3',
      AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'secret',
      REDIS_URL: 'redis://:pw@127.0.0.1:6379/2',
    });
    assert.deepEqual(config.s3, {
      bucket: 'voice-audio',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' },
    });
    assert.equal(config.redisUrl, 'redis://:pw@127.0.0.1:6379/2');
    const aws = loadConfig({ S3_BUCKET: 'voice-audio', S3_REGION: 'us-west-2', AWS_REGION: 'eu-west-3' });
    assert.deepEqual(aws.s3, { bucket: 'voice-audio', endpoint: null, region: 'us-west-2', forcePathStyle: false, credentials: null });
  });

  test('every bad S3 or Redis setting is named in one error', () => {
    assert.throws(
      () =>
        loadConfig({
          S3_BUCKET: 'Bad_Bucket',
          S3_ENDPOINT: 'ftp://store',
          S3_FORCE_PATH_STYLE: 'maybe',
          AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
          REDIS_URL: 'localhost:6379',
        }),
      (err: Error) => {
        for (const name of ['S3_BUCKET', 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'AWS_SECRET_ACCESS_KEY', 'REDIS_URL']) {
          assert.match(err.message, new RegExp(name), name);
        }
        return true;
      },
    );
  });
});

describe("README's configuration table", () => {
  test('lists every variable src/config.ts reads, each in one row, in one unbroken table', () => {
    const source = readFileSync(path.join(ROOT, 'src', 'config.ts'), 'utf8');
    const lines = readmeSection('Configuration').split('\n');
    const first = lines.findIndex((l) => l.startsWith('|'));
    const rows = lines.slice(first, lines.findIndex((l, i) => i > first && !l.startsWith('|')));
    const rest = lines.slice(first + rows.length);
    assert.ok(!rest.some((l) => l.startsWith('|')), 'a blank line splits the configuration table; rows after it do not render');
    const named = rows.map((row) => row.split('|')[1] ?? '');
    // Variables read by name in config.ts: 'NAME' string literals in upper case.
    const variables = [...new Set([...source.matchAll(/'([A-Z][A-Z0-9_]{2,})'/g)].map((m) => m[1]!))];
    assert.ok(variables.length > 20, `${variables.length} variables found in config.ts`);
    for (const name of variables) {
      const count = named.filter((cell) => cell.includes(`\`${name}\``)).length;
      // Named by its own row, or (AWS_REGION) as another row's default.
      const mentioned = rows.some((row) => row.includes(`\`${name}\``));
      assert.ok(count === 1 || (count === 0 && mentioned), `${name} has ${count} rows in the README's configuration table`);
    }
  });
});
