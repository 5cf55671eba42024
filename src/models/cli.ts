import { parseArgs } from 'node:util';
import { importModels } from './import.js';
import { listModels } from './list.js';
import { findModelPack, MODEL_MANIFEST, type ModelManifest } from './manifest.js';
import { formatBytes, type ProgressStream, progressPrinter } from './progress.js';
import { pullModel } from './pull.js';

/**
 * `voicelib models ...`: parses the arguments after `models`, runs the command, prints, and returns
 * the exit code (0 ok, 1 failed, 2 usage). The only place that reads `VOICELIB_MODELS_BASE_URL`.
 *
 * @example
 * // in src/cli.ts
 * case 'models': return runModelsCommand(args.slice(1), { modelsDir: config.modelsDir, modelsSearchPath: config.modelsSearchPath });
 */

export const MODELS_USAGE = `Usage:
  voicelib models list [--json] [--verify]          model packs and whether they are installed
  voicelib models pull NAME [--allow-unverified]    download a pack into MODELS_DIR/NAME/
  voicelib models import PATH [--pack NAME] [--allow-unverified]
                                                    install files copied by hand (a file or a folder)

Downloads resume where they stopped and are checked against pinned SHA-256 sums; packs with
unpinned files install only with --allow-unverified. Aliases: kokoro (kokoro-82m), piper-en-us-joe
(piper-en_US-joe-medium). VOICELIB_MODELS_BASE_URL fetches <base>/<pack>/<file> from a mirror
instead of upstream. Offline, pull prints the URLs and hashes to fetch elsewhere; import then
recognizes the copies by SHA-256 and installs them into MODELS_DIR/<pack>/.`;

export interface ModelsCommandOptions {
  modelsDir: string;
  modelsSearchPath?: readonly string[];
  /** Default `process.env`; only `VOICELIB_MODELS_BASE_URL` is read. */
  env?: Record<string, string | undefined>;
  stdout?: ProgressStream;
  stderr?: ProgressStream;
  fetchImpl?: typeof fetch;
  manifest?: ModelManifest;
}

export async function runModelsCommand(args: string[], options: ModelsCommandOptions): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(args);
  } catch (error) {
    stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${MODELS_USAGE}\n`);
    return 2;
  }
  const { positionals, values } = parsed;
  const [command, name, ...extra] = positionals;
  if (values.help || command === undefined) {
    (values.help ? stdout : stderr).write(`${MODELS_USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const manifest = options.manifest ?? MODEL_MANIFEST;
  try {
    if (command === 'list' && name === undefined) {
      const listings = await listModels({
        modelsDir: options.modelsDir,
        modelsSearchPath: options.modelsSearchPath ?? [],
        manifest,
        verify: values.verify === true,
      });
      if (values.json) {
        stdout.write(`${JSON.stringify({ modelsDir: options.modelsDir, packs: listings }, null, 2)}\n`);
        return 0;
      }
      stdout.write(`Models folder: ${options.modelsDir}\n`);
      const width = Math.max(...listings.map((listing) => listing.name.length));
      for (const listing of listings) {
        const present = listing.files.filter(
          (file) => file.location !== null && file.verified !== false,
        ).length;
        const status =
          listing.status === 'partial' ? `partial ${present}/${listing.files.length}` : listing.status;
        const pinned = listing.pinned ? '' : '  (unpinned: needs --allow-unverified)';
        stdout.write(
          `  ${listing.name.padEnd(width)}  ${status.padEnd(13)} ${listing.description}${pinned}\n`,
        );
      }
      return 0;
    }
    if (command === 'pull' && name !== undefined && extra.length === 0) {
      const env = options.env ?? process.env;
      const baseUrlOverride = env['VOICELIB_MODELS_BASE_URL'] || undefined;
      if (baseUrlOverride) stdout.write(`Fetching from ${baseUrlOverride} (VOICELIB_MODELS_BASE_URL)\n`);
      // The pack, then the packs it needs (`with`: Kokoro's voice packs with a Kokoro model).
      const names = [name, ...(findModelPack(name, manifest)?.with ?? [])];
      for (const each of names) {
        const result = await pullModel(each, {
          modelsDir: options.modelsDir,
          manifest,
          allowUnverified: values['allow-unverified'] === true,
          onProgress: progressPrinter(stdout),
          ...(baseUrlOverride ? { baseUrlOverride } : {}),
          ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
        });
        const fetched = result.files.filter((file) => file.status !== 'present').length;
        stdout.write(
          `${result.pack}: ${result.files.length} files in ${result.folder} (${fetched} downloaded)\n`,
        );
      }
      return 0;
    }
    if (command === 'import' && name !== undefined && extra.length === 0) {
      const result = await importModels(name, {
        modelsDir: options.modelsDir,
        manifest,
        allowUnverified: values['allow-unverified'] === true,
        ...(values.pack === undefined ? {} : { pack: values.pack }),
        onFile: (file) => {
          if (file.status === 'skipped') {
            stderr.write(`skipped ${file.source}: ${file.reason}\n`);
            return;
          }
          const check = file.verified ? 'SHA-256 ok' : 'not verified: no pinned hash';
          const what = file.status === 'present' ? 'already installed as' : '->';
          stdout.write(`${file.source} ${what} ${file.target} (${formatBytes(file.bytes)}, ${check})\n`);
        },
      });
      for (const pack of result.packs) {
        stdout.write(
          pack.missing.length === 0
            ? `${pack.name}: complete in ${pack.folder}\n`
            : `${pack.name}: still missing ${pack.missing.join(', ')}\n`,
        );
      }
      return 0;
    }
  } catch (error) {
    stderr.write(`voicelib models ${command}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  stderr.write(`Unknown models command: ${positionals.join(' ')}\n\n${MODELS_USAGE}\n`);
  return 2;
}

function parse(args: string[]) {
  return parseArgs({
    args,
    allowPositionals: true,
    strict: true,
    options: {
      json: { type: 'boolean' },
      verify: { type: 'boolean' },
      'allow-unverified': { type: 'boolean' },
      pack: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
