import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { loadConfig } from '../../src/config.js';
import { buildContainer } from '../../src/container.js';
import { parseDataUri } from '../helpers/audio.js';
import { freshDatabase } from '../helpers/database.js';
import { cloneBody, speechWav } from '../helpers/recordings.js';
import { type Account, type TestServer, freePort, startServer } from '../helpers/server.js';
import { type S3Fixture, startS3 } from '../helpers/services.js';
import { presetFor } from '../helpers/voices.js';
import { untilValue } from '../helpers/wait.js';

// One RGW for the whole file: starting a Ceph cluster takes seconds.
const s3 = await startS3();
const skip = 'skip' in s3 ? s3.skip : false;
if (skip) console.log(skip);
const VOICE = presetFor('en-US', 'male');

async function keys(fixture: S3Fixture): Promise<string[]> {
  const listed = await fixture.client.send(new ListObjectsV2Command({ Bucket: fixture.bucket }));
  return (listed.Contents ?? []).map((o) => o.Key!).sort();
}

async function objectBytes(fixture: S3Fixture, key: string): Promise<Buffer> {
  const object = await fixture.client.send(new GetObjectCommand({ Bucket: fixture.bucket, Key: key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function exists(fixture: S3Fixture, key: string): Promise<boolean> {
  try {
    await fixture.client.send(new HeadObjectCommand({ Bucket: fixture.bucket, Key: key }));
    return true;
  } catch (err) {
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
}

describe('audio stored in S3 (a real Ceph RGW)', { skip }, () => {
  const fixture = s3 as S3Fixture & { stop(): Promise<void> };
  let server: TestServer;
  let account: Account;
  before(async () => {
    server = await startServer({ ...fixture.env, RATE_LIMIT_PER_MINUTE: '10000', RATE_LIMIT_VOICE_PER_HOUR: '10000' });
    account = await server.createAccount('pro', 100_000);
  });
  after(async () => {
    await server?.close();
    await fixture.stop();
  });

  test('a generation is an object in the bucket; GET, Range and the hosted link serve it byte-exact; delete removes it', async () => {
    const text = 'Stored in a bucket, served by range, and deleted again.';
    const res = await server.request('POST', '/api/v1/tts', { key: account.api_key, body: { text, voice: VOICE.id } });
    assert.equal(res.status, 200, res.text);
    const inline = parseDataUri(res.body.audio_base64).data;
    const id = res.body.id as string;
    const ready = await untilValue('the upload', async () => {
      const got = await server.request('GET', `/api/v1/tts/${id}`, { key: account.api_key });
      return got.body.status === 'pending' ? undefined : got.body;
    }, 30_000);
    assert.equal(ready.status, 'ready');

    const key = `audio/${id}.mp3`;
    assert.deepEqual(await keys(fixture), [key]);
    assert.deepEqual(await objectBytes(fixture, key), inline, 'the object holds exactly the audio returned inline');
    assert.equal(fs.existsSync(path.join(server.dataDir, 'blobs', 'audio')), false, 'nothing on local disk');

    const whole = await fetch(`${server.url}/api/v1/tts/${id}/audio`, { headers: { authorization: `Bearer ${account.api_key}` } });
    assert.equal(whole.status, 200);
    assert.equal(whole.headers.get('accept-ranges'), 'bytes');
    assert.deepEqual(Buffer.from(await whole.arrayBuffer()), inline);

    const ranges: Array<[string, number, number]> = [
      ['bytes=100-1099', 100, 1099],
      ['bytes=0-0', 0, 0],
      [`bytes=${inline.length - 10}-`, inline.length - 10, inline.length - 1],
      ['bytes=-333', inline.length - 333, inline.length - 1],
      [`bytes=5-${inline.length + 1000}`, 5, inline.length - 1],
    ];
    for (const [header, start, end] of ranges) {
      for (const url of [`${server.url}/api/v1/tts/${id}/audio`, ready.audio_url as string]) {
        const part = await fetch(url, { headers: { authorization: `Bearer ${account.api_key}`, range: header } });
        assert.equal(part.status, 206, `${header} on ${url}`);
        assert.equal(part.headers.get('content-range'), `bytes ${start}-${end}/${inline.length}`);
        assert.deepEqual(Buffer.from(await part.arrayBuffer()), inline.subarray(start, end + 1), header);
      }
    }
    const past = await fetch(ready.audio_url, { headers: { range: `bytes=${inline.length}-` } });
    assert.equal(past.status, 416);
    assert.equal(past.headers.get('content-range'), `bytes */${inline.length}`);

    const hosted = await fetch(ready.audio_url);
    assert.equal(hosted.status, 200);
    assert.deepEqual(Buffer.from(await hosted.arrayBuffer()), inline);

    const del = await server.request('DELETE', `/api/v1/tts/${id}`, { key: account.api_key });
    assert.equal(del.status, 200);
    assert.equal(await exists(fixture, key), false, 'the object is gone');
    assert.equal((await fetch(ready.audio_url)).status, 404);
  });

  test('clone samples, design previews and saved designs live in the bucket and play from it', async () => {
    const recording = await speechWav(server, account.api_key, VOICE.id, 'The rainbow is a division of white light into many beautiful colors.');
    const clone = await server.request('POST', '/api/v1/voices/clones', { key: account.api_key, body: cloneBody(recording) });
    assert.equal(clone.status, 200, clone.text);
    const sampleKey = `samples/${clone.body.id}.wav`;
    assert.ok(await exists(fixture, sampleKey), 'the clone sample is in the bucket');

    const previews = await server.request('POST', '/api/v1/voices/designs/previews', {
      key: account.api_key,
      body: { prompt: 'A bright young female voice with an American accent.', preview_text: 'Hello from the bucket.', count: 1, include_audio: true },
    });
    assert.equal(previews.status, 200, previews.text);
    const preview = previews.body.previews[0];
    const previewBytes = parseDataUri(preview.audio_base64).data;
    const previewKey = (await keys(fixture)).find((k) => k.startsWith('previews/'));
    assert.ok(previewKey, 'the preview is in the bucket');
    assert.deepEqual(await objectBytes(fixture, previewKey), previewBytes);
    const part = await fetch(preview.preview_url, { headers: { range: 'bytes=10-19' } });
    assert.equal(part.status, 206);
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), previewBytes.subarray(10, 20));

    const saved = await server.request('POST', '/api/v1/voices/designs', {
      key: account.api_key,
      body: { preview_id: preview.preview_id, name: 'Bucket voice' },
    });
    assert.equal(saved.status, 200, saved.text);
    const designKey = (await keys(fixture)).find((k) => k.startsWith(`designs/${saved.body.id}.`));
    assert.ok(designKey, 'the saved design clip is in the bucket');
    const clip = await fetch(saved.body.preview_url);
    assert.equal(clip.status, 200);
    assert.deepEqual(Buffer.from(await clip.arrayBuffer()), await objectBytes(fixture, designKey));

    assert.equal((await server.request('DELETE', `/api/v1/voices/clones/${clone.body.id}`, { key: account.api_key })).status, 200);
    assert.equal((await server.request('DELETE', `/api/v1/voices/designs/${saved.body.id}`, { key: account.api_key })).status, 200);
    assert.equal(await exists(fixture, sampleKey), false);
    assert.equal(await exists(fixture, designKey), false);
  });

  test('start-up fails naming the bucket when it is missing, the keys are wrong or the store is down', async () => {
    const database = await freshDatabase();
    const start = (env: Record<string, string>) =>
      buildContainer(loadConfig({ DATA_DIR: database.dir, DATABASE_URL: database.url, ...fixture.env, ...env }));
    try {
      await assert.rejects(start({ S3_BUCKET: 'no-such-bucket' }), /bucket "no-such-bucket" at http:\/\/127\.0\.0\.1:\d+: the bucket does not exist/);
      await assert.rejects(start({ AWS_SECRET_ACCESS_KEY: 'wrong-secret-0000000000000000000000000000' }), /access denied/);
      const closed = `http://127.0.0.1:${await freePort()}`;
      await assert.rejects(start({ S3_ENDPOINT: closed }), new RegExp(`bucket "${fixture.bucket}" at ${closed}: the store did not answer`));
    } finally {
      await database.drop();
    }
  });
});
