import path from 'node:path';

/** Everything the service reads from its environment, parsed once and frozen. */
export interface Config {
  host: string;
  port: number;
  /** Absolute URL clients use to reach this service; hosted audio links are built from it. */
  publicBaseUrl: string;
  dataDir: string;
  /**
   * Scratch files (uploads being decoded, Flite's text and WAV files): `DATA_DIR/tmp`, emptied at
   * every start, so work cut short by a crash or kill -9 never piles up in the system temp folder.
   */
  tempDir: string;
  /** `sqlite:<file>` or `postgres://...`. */
  databaseUrl: string;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Bearer token for `/admin/v1`; the admin API is off when unset. */
  adminToken: string | null;
  /** Bearer token GET /metrics requires; unset, /metrics is open (keep it off the public network). */
  metricsToken: string | null;
  rateLimit: {
    requestsPerMinute: number;
    voiceCallsPerHour: number;
  };
  /** Largest accepted request body in bytes (clone samples are 8,000,000 base64 characters). */
  bodyLimitBytes: number;
  /** Time allowed to finish in-flight requests after SIGTERM before the process exits anyway. */
  shutdownTimeoutMs: number;
  modelsDir: string;
  /** Extra folders searched for model files before `modelsDir` (e.g. a read-only mirror). */
  modelsSearchPath: string[];
  ffmpegPath: string;
  ffprobePath: string;
  /** Worker threads per engine. */
  engineThreads: number;
  /** Warm the default engine at start so the first request is not the slow one (~1-3 s of CPU). */
  engineWarmup: boolean;
  /**
   * Wait this long before moving finished audio into storage. 0 in production; tests and
   * demos raise it to observe the `pending` state.
   */
  uploadDelayMs: number;
  queue: {
    /** Syntheses running at once across all keys. */
    concurrency: number;
    /** Waiting requests allowed before new ones get 503 with Retry-After. */
    maxWaiting: number;
  };
}

type Env = Record<string, string | undefined>;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * Parses the environment into a Config. Throws one error naming every bad variable, so a
 * misconfigured deployment fails at start-up with the whole list instead of one at a time.
 */
export function loadConfig(env: Env = process.env, cwd: string = process.cwd()): Readonly<Config> {
  const problems: string[] = [];

  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      problems.push(`${name} must be an integer from ${min} to ${max} (got "${raw}")`);
      return fallback;
    }
    return value;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    problems.push(`${name} must be true or false (got "${raw}")`);
    return fallback;
  };
  const str = (name: string, fallback: string): string => {
    const raw = env[name];
    return raw === undefined || raw === '' ? fallback : raw;
  };

  const host = str('HOST', '127.0.0.1');
  const port = int('PORT', 8080, 0, 65535);
  const dataDir = path.resolve(cwd, str('DATA_DIR', 'data'));

  const databaseUrl = str('DATABASE_URL', `sqlite:${path.join(dataDir, 'voicelib.db')}`);
  if (!/^(sqlite:|postgres:\/\/|postgresql:\/\/)/.test(databaseUrl)) {
    problems.push(`DATABASE_URL must start with sqlite: or postgres:// (got "${databaseUrl}")`);
  }

  const defaultBase = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const publicBaseUrl = str('PUBLIC_BASE_URL', defaultBase).replace(/\/+$/, '');
  try {
    const parsed = new URL(publicBaseUrl);
    if (!['http:', 'https:'].includes(parsed.protocol)) throw new Error('protocol');
  } catch {
    problems.push(`PUBLIC_BASE_URL must be an absolute http(s) URL (got "${publicBaseUrl}")`);
  }

  const logLevel = str('LOG_LEVEL', 'info') as Config['logLevel'];
  if (!LOG_LEVELS.includes(logLevel)) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`);

  const adminToken = env['ADMIN_TOKEN'] ? env['ADMIN_TOKEN'] : null;
  if (adminToken !== null && adminToken.length < 16) {
    problems.push('ADMIN_TOKEN must be at least 16 characters');
  }

  const config: Config = {
    host,
    port,
    publicBaseUrl,
    dataDir,
    tempDir: path.join(dataDir, 'tmp'),
    databaseUrl,
    logLevel,
    adminToken,
    metricsToken: env['METRICS_TOKEN'] ? env['METRICS_TOKEN'] : null,
    rateLimit: {
      requestsPerMinute: int('RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
      voiceCallsPerHour: int('RATE_LIMIT_VOICE_PER_HOUR', 60, 1, 1_000_000),
    },
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 12 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 30_000, 0, 600_000),
    modelsDir: path.resolve(cwd, str('MODELS_DIR', path.join(dataDir, 'models'))),
    modelsSearchPath: (env['MODELS_SEARCH_PATH'] ?? '')
      .split(path.delimiter)
      .filter((p) => p !== '')
      .map((p) => path.resolve(cwd, p)),
    ffmpegPath: str('FFMPEG_PATH', 'ffmpeg'),
    ffprobePath: str('FFPROBE_PATH', 'ffprobe'),
    engineThreads: int('ENGINE_THREADS', 1, 1, 64),
    engineWarmup: bool('ENGINE_WARMUP', true),
    uploadDelayMs: int('UPLOAD_DELAY_MS', 0, 0, 3_600_000),
    queue: {
      concurrency: int('QUEUE_CONCURRENCY', 2, 1, 256),
      maxWaiting: int('QUEUE_MAX_WAITING', 100, 1, 100_000),
    },
  };

  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return Object.freeze(config);
}
