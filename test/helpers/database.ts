import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/**
 * A fresh, empty database for one test server: a temporary SQLite file by default, or a new
 * PostgreSQL database on the cluster named by TEST_DATABASE_URL (set by .ci/run).
 */
export async function freshDatabase(): Promise<{ url: string; drop(): Promise<void>; dir: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voicelib-test-'));
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) {
    return {
      url: `sqlite:${path.join(dir, 'voicelib.db')}`,
      dir,
      async drop() {
        fs.rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const name = `vl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    dir,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
