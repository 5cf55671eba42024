import fs from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { Voicelib, VoicelibError } from '../../clients/typescript/src/index.js';
import { type Io, readAll, say } from './say.js';
import { DEFAULT_URL, resolveConnection, saveSettings, settingsPath } from './settings.js';

/** Commands that talk HTTP to a running server (the others in cli.ts open the database). */
export const CLIENT_COMMANDS = ['say', 'voices', 'clone', 'login'];

export const CLIENT_USAGE = `  voicelib say TEXT|- [--voice ID|NAME] [--model M] [--format F] [--out FILE] [--srt FILE]
  voicelib voices [QUERY] [--type preset|clone|designed] [--limit N] [--json]
  voicelib clone FILE --name NAME --language LANG [--json]
  voicelib login [--url URL] [--key KEY]          check and save the server and key (key from stdin if not given)

The client commands talk to a running server: VOICELIB_URL (default ${DEFAULT_URL}) and
VOICELIB_API_KEY, or what \`voicelib login\` saved (~/.config/voicelib/client.json, mode 0600).`;

const OPTIONS = {
  voice: { type: 'string' },
  model: { type: 'string' },
  format: { type: 'string' },
  out: { type: 'string', short: 'o' },
  srt: { type: 'string' },
  name: { type: 'string' },
  language: { type: 'string' },
  type: { type: 'string' },
  limit: { type: 'string' },
  url: { type: 'string' },
  key: { type: 'string' },
  json: { type: 'boolean' },
} as const;

class UsageError extends Error {}

async function client(): Promise<Voicelib> {
  const { url, apiKey } = await resolveConnection();
  return new Voicelib({ baseUrl: url, apiKey });
}

async function run(command: string, args: string[], values: Record<string, string | boolean | undefined>, io: Io) {
  const v = values as Record<string, string | undefined>;
  const print = (value: unknown, line: string) => io.stdout.write(values['json'] ? `${JSON.stringify(value, null, 2)}\n` : `${line}\n`);
  switch (command) {
    case 'say': {
      if (args.length !== 1) throw new UsageError('say takes one TEXT argument (quote it; - reads stdin)');
      return say(await client(), { text: args[0]!, voice: v['voice'], model: v['model'], format: v['format'], out: v['out'], srt: v['srt'] }, io);
    }
    case 'voices': {
      const limit = v['limit'] === undefined ? 50 : Number(v['limit']);
      if (!Number.isInteger(limit) || limit < 1 || limit > 500) throw new UsageError('--limit must be 1-500');
      const type = v['type'] as 'preset' | 'clone' | 'designed' | undefined;
      const page = await (await client()).voices.list({ limit, ...(args[0] ? { q: args[0] } : {}), ...(type ? { type } : {}) });
      const lines = page.voices.map((voice) => [voice.id, voice.type, voice.slug ?? '-', voice.name, voice.languages.join(',')].join('\t'));
      const more = page.has_more ? `\n(${page.total - page.count} more: narrow the query or raise --limit)` : '';
      return print(page, `${lines.join('\n')}${more}`);
    }
    case 'clone': {
      if (args.length !== 1) throw new UsageError('clone takes one FILE argument');
      if (!v['name'] || !v['language']) throw new UsageError('clone needs --name and --language');
      const audio = new Uint8Array(await fs.readFile(args[0]!));
      const clone = await (await client()).voices.clone({ name: v['name'], language: v['language'], audio });
      return print(clone, `${clone.id}\t${clone.name}\t${clone.languages.join(',')}\t(clone slots ${clone.used}/${clone.limit})`);
    }
    case 'login': {
      const url = v['url'] ?? process.env['VOICELIB_URL'] ?? DEFAULT_URL;
      const apiKey = (v['key'] ?? process.env['VOICELIB_API_KEY'] ?? (await readAll(io.stdin))).trim();
      if (!apiKey) throw new UsageError('no key: pass --key, set VOICELIB_API_KEY or pipe the key on stdin');
      const ping = await new Voicelib({ baseUrl: url, apiKey }).ping();
      const file = settingsPath();
      await saveSettings(file, { url, apiKey });
      return print({ url, points: ping.points, saved: file }, `logged in to ${url} (${ping.points} points); saved to ${file}`);
    }
    default:
      throw new UsageError(`unknown command: ${command}`);
  }
}

/** Runs one client command; the exit code: 0, 1 (the server or the network said no), 2 (usage). */
export async function runClientCommand(argv: string[], io: Io = process): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
    const [command, ...args] = positionals;
    await run(command ?? '', args, values, io);
    return 0;
  } catch (err) {
    if (err instanceof UsageError || (err as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      io.stderr.write(`${(err as Error).message}\n\nUsage:\n${CLIENT_USAGE}\n`);
      return 2;
    }
    if (err instanceof VoicelibError) {
      io.stderr.write(`error: ${err.message} (${err.code}, HTTP ${err.status})\n`);
      return 1;
    }
    const cause = (err as { cause?: { code?: string } }).cause?.code;
    io.stderr.write(`error: ${(err as Error).message}${cause ? ` (${cause})` : ''}\n`);
    return 1;
  }
}

