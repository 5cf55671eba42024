import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/** Where `voicelib login` keeps the server address and key: the XDG config folder. */
export function settingsPath(env: NodeJS.ProcessEnv = process.env): string {
  const base = env['XDG_CONFIG_HOME'] || path.join(os.homedir(), '.config');
  return path.join(base, 'voicelib', 'client.json');
}

export interface Connection {
  url: string;
  apiKey: string;
}

export const DEFAULT_URL = 'http://127.0.0.1:8080';

/** The saved connection, or null when there is none (or it is unreadable). */
export async function loadSettings(file: string): Promise<Partial<Connection> | null> {
  try {
    const saved = JSON.parse(await fs.readFile(file, 'utf8')) as { url?: unknown; api_key?: unknown };
    return {
      ...(typeof saved.url === 'string' ? { url: saved.url } : {}),
      ...(typeof saved.api_key === 'string' ? { apiKey: saved.api_key } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Saves the connection readable by its owner only (0600, folder 0700): the file holds an API
 * key. Written to a temporary name first and renamed, so a crash never leaves half a file, and
 * an existing file with looser permissions is replaced rather than rewritten in place.
 */
export async function saveSettings(file: string, connection: Connection): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temp, `${JSON.stringify({ url: connection.url, api_key: connection.apiKey }, null, 2)}\n`, {
    mode: 0o600,
  });
  await fs.chmod(temp, 0o600); // the mode above is masked by the umask
  await fs.rename(temp, file);
}

/** VOICELIB_URL and VOICELIB_API_KEY win over the saved login. */
export async function resolveConnection(env: NodeJS.ProcessEnv = process.env): Promise<Connection> {
  const saved = (await loadSettings(settingsPath(env))) ?? {};
  const url = env['VOICELIB_URL'] || saved.url || DEFAULT_URL;
  const apiKey = env['VOICELIB_API_KEY'] || saved.apiKey;
  if (!apiKey) {
    throw new Error('no API key: set VOICELIB_API_KEY or run `voicelib login --url URL` (reads the key from stdin)');
  }
  return { url, apiKey };
}
