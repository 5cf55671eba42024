import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { loadConfig } from '../src/config.js';

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
