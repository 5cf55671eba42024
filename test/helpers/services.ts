import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { freePort } from './server.js';

const SCRIPTS = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../../scripts');

/** A running throwaway service, or why none could be started here (the test then skips). */
export type Started<T> = (T & { stop(): Promise<void> }) | { skip: string };

function run(script: string, args: string[]): { status: number | null; out: string; err: string } {
  const res = spawnSync('bash', [path.join(SCRIPTS, script), ...args], { encoding: 'utf8' });
  return { status: res.status, out: res.stdout, err: res.stderr };
}

function parseEnv(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z0-9_]+)=(.*)$/.exec(line);
    if (match) env[match[1]!] = match[2]!;
  }
  return env;
}

export interface S3Fixture {
  /** The server's environment for this store and `bucket` (credentials as the AWS variables). */
  env: Record<string, string>;
  bucket: string;
  /** An SDK client on the same store, to look at the bucket from outside the service. */
  client: S3Client;
}

/**
 * A real S3 server (Ceph RGW via scripts/test-s3.sh) with an empty bucket. Skips only where the
 * RGW recipe is absent; in CI (CI set) that is a failure instead.
 */
export async function startS3(bucket = 'voicelib-test'): Promise<Started<S3Fixture>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-s3-'));
  const started = run('test-s3.sh', ['start', dir, String(await freePort())]);
  if (started.status === 3 && !process.env['CI']) {
    fs.rmSync(dir, { recursive: true, force: true });
    return { skip: `S3 tests skipped: ${started.err.trim()}` };
  }
  if (started.status !== 0) throw new Error(`scripts/test-s3.sh start failed:\n${started.err}`);
  const s3 = parseEnv(started.out);
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: s3['S3_ENDPOINT']!,
    S3_REGION: s3['S3_REGION']!,
    S3_FORCE_PATH_STYLE: s3['S3_FORCE_PATH_STYLE']!,
    AWS_ACCESS_KEY_ID: s3['S3_ACCESS_KEY']!,
    AWS_SECRET_ACCESS_KEY: s3['S3_SECRET_KEY']!,
  };
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.AWS_ACCESS_KEY_ID, secretAccessKey: env.AWS_SECRET_ACCESS_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  return {
    env,
    bucket,
    client,
    async stop() {
      client.destroy();
      run('test-s3.sh', ['stop', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface RedisFixture {
  url: string;
  /** Stops the server (for tests of what happens when Redis goes away); `stop` is then a no-op. */
  kill(): void;
}

/** A throwaway Redis (scripts/test-redis.sh) on a free port. */
export async function startRedis(): Promise<Started<RedisFixture>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-redis-'));
  const started = run('test-redis.sh', ['start', dir, String(await freePort())]);
  if (started.status !== 0) {
    fs.rmSync(dir, { recursive: true, force: true });
    if (!process.env['CI'] && /not installed/.test(started.err)) return { skip: `Redis tests skipped: ${started.err.trim()}` };
    throw new Error(`scripts/test-redis.sh start failed:\n${started.err}`);
  }
  const stop = () => run('test-redis.sh', ['stop', dir]);
  return {
    url: parseEnv(started.out)['REDIS_URL']!,
    kill: stop,
    async stop() {
      stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
