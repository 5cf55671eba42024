import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasCommand } from './process.js';
import { freePort } from './server.js';
import { startRedis as startRedisFixture } from './services.js';

const SCRIPTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'scripts');

export interface Service {
  url: string;
  stop(): void;
}

const hasPostgres = () => fs.existsSync('/usr/lib/postgresql') && fs.readdirSync('/usr/lib/postgresql').length > 0;

/** Why the cluster tests cannot run here, or null: they need Debian's postgresql and redis-server. */
export function servicesMissing(): string | null {
  if (!hasPostgres()) return 'PostgreSQL is not installed (apt-get install postgresql)';
  if (!hasCommand('redis-server')) return 'redis-server is not installed (apt-get install redis-server)';
  return null;
}

/** A throwaway PostgreSQL cluster (scripts/test-postgres.sh) on a free port. */
export async function startPostgres(): Promise<Service> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-pg-'));
  const out = execFileSync(path.join(SCRIPTS, 'test-postgres.sh'), ['start', dir, String(await freePort())], { encoding: 'utf8' });
  return {
    url: out.trim().replace(/^TEST_DATABASE_URL=/, ''),
    stop() {
      execFileSync(path.join(SCRIPTS, 'test-postgres.sh'), ['stop', dir]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A throwaway Redis, started as `services.startRedis` does; these tests check `servicesMissing`
 * first, so a skip there is a failure here.
 */
export async function startRedis(): Promise<Service> {
  const redis = await startRedisFixture();
  if ('skip' in redis) throw new Error(redis.skip);
  return {
    url: redis.url,
    stop() {
      // Its work is synchronous (the stop script, then the folder removed): done when this returns.
      void redis.stop();
    },
  };
}
