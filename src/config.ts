import path from 'node:path';

/** What a server process does (`voicelib serve --role`): take requests, synthesize, or both. */
export const ROLES = ['api', 'worker', 'all'] as const;
export type Role = (typeof ROLES)[number];

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
  /** How long start-up waits for an unreachable PostgreSQL, Redis or S3 store (ms; 0: fail at once). */
  startupWaitMs: number;
  /**
   * Connection timeouts (docs/reliability.md, F5), all in milliseconds: `requestMs` to receive a
   * whole request, body included; `headersMs` to receive its headers; `idleMs` a socket may stay
   * silent both ways while a request is open (0 = never); `keepAliveMs` between two requests.
   */
  timeouts: { requestMs: number; headersMs: number; idleMs: number; keepAliveMs: number };
  modelsDir: string;
  /** Extra folders searched for model files before `modelsDir` (e.g. a read-only mirror). */
  modelsSearchPath: string[];
  ffmpegPath: string;
  ffprobePath: string;
  /** Worker threads per engine. */
  engineThreads: number;
  /**
   * Kokoro worker threads, each with its own ONNX session (~300 MB) and cores / workers intra-op
   * threads; a text over 500 characters is split among them. Default 1 (docs/benchmarks.md, "Kokoro speed").
   */
  kokoroWorkers: number;
  /** Quantize Kokoro's vocoder first stage to int8 when preparing the model (opt-in, see docs/engines.md). */
  kokoroQuantize: boolean;
  /** Warm the default engine at start so the first request is not the slow one (~1-3 s of CPU). */
  engineWarmup: boolean;
  /**
   * Wait this long before moving finished audio into storage. 0 in production; tests and
   * demos raise it to observe the `pending` state.
   */
  uploadDelayMs: number;
  /** Audio in an S3 bucket instead of `DATA_DIR/blobs`, when `S3_BUCKET` is set. */
  s3: S3Config | null;
  /**
   * `redis://…`: rate-limit windows are shared by every API process through this Redis, and the
   * speech queue is BullMQ on it, worked by `--role worker` (or `all`) processes; null: both stay
   * in the process (one process does everything).
   */
  redisUrl: string | null;
  /**
   * Home Assistant's Wyoming protocol on this TCP port (`WYOMING_PORT` or `voicelib serve --wyoming
   * PORT`), off when null; its speech is charged to the key in `WYOMING_API_KEY` (docs/wyoming.md).
   */
  wyoming: { port: number; apiKey: string } | null;
  queue: {
    /** Syntheses running at once across all keys (per worker process with Redis). */
    concurrency: number;
    /** Waiting requests allowed before new ones get 503 with Retry-After (cluster-wide with Redis). */
    maxWaiting: number;
    /** Redis queue: a dead worker's job goes to another worker after this long (its lock, ms). */
    lockMs: number;
    /** Redis queue: how long an API process waits for a job's result before a retryable 502 (ms). */
    jobTimeoutMs: number;
  };
  /** With several processes on PostgreSQL: how often each API process reconciles dead processes' reservations (ms). */
  reconcileIntervalMs: number;
  /** Clone refinement in the speaker's voice (docs/voices.md, "Refinement"). */
  refine: {
    /** Refinements run at once by this process (each in a child process); 0 turns refinement off here. */
    concurrency: number;
    /** CPU seconds one clone's refinement may use, across restarts. */
    cpuSeconds: number;
    /** Voices one refinement may try at most, whatever CPU is left (0: no limit beside the CPU). */
    maxEvaluations: number;
    /** Scheduling niceness of the refinement's child process (19 = lowest priority): speech goes first. */
    niceness: number;
  };
}

export interface S3Config {
  bucket: string;
  /** Endpoint of an S3-compatible store (MinIO, Ceph RGW); null for AWS itself. */
  endpoint: string | null;
  region: string;
  /** `http://host/bucket/key` instead of `http://bucket.host/key` (most self-hosted stores). */
  forcePathStyle: boolean;
  /** From `AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`; null lets the SDK find them (instance roles, profiles). */
  credentials: { accessKeyId: string; secretAccessKey: string; sessionToken?: string } | null;
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

  const s3 = s3Config(env, problems);
  const redisUrl = env['REDIS_URL'] ? env['REDIS_URL'] : null;
  if (redisUrl !== null && !/^rediss?:\/\/[^/]/.test(redisUrl)) {
    problems.push(`REDIS_URL must start with redis:// or rediss:// (got "${redisUrl}")`);
  }

  const wyomingPort = env['WYOMING_PORT'] ? Number(env['WYOMING_PORT']) : null;
  const wyomingKey = env['WYOMING_API_KEY'] ?? '';
  if (wyomingPort !== null && !(Number.isInteger(wyomingPort) && wyomingPort >= 0 && wyomingPort <= 65535)) {
    problems.push(`WYOMING_PORT must be a TCP port, 0-65535 (got "${env['WYOMING_PORT']}")`);
  }
  if (wyomingPort !== null && wyomingKey === '') {
    problems.push('WYOMING_API_KEY must be set when the Wyoming server is on: its speech is charged to that key');
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
    wyoming: wyomingPort !== null && wyomingKey !== '' ? { port: wyomingPort, apiKey: wyomingKey } : null,
    metricsToken: env['METRICS_TOKEN'] ? env['METRICS_TOKEN'] : null,
    rateLimit: {
      requestsPerMinute: int('RATE_LIMIT_PER_MINUTE', 60, 1, 1_000_000),
      voiceCallsPerHour: int('RATE_LIMIT_VOICE_PER_HOUR', 60, 1, 1_000_000),
    },
    bodyLimitBytes: int('BODY_LIMIT_BYTES', 12 * 1024 * 1024, 1024, 1024 * 1024 * 1024),
    shutdownTimeoutMs: int('SHUTDOWN_TIMEOUT_MS', 30_000, 0, 600_000),
    startupWaitMs: int('STARTUP_WAIT_SECONDS', 0, 0, 3_600) * 1000,
    timeouts: {
      // 120 s lets a full 12 MB clone upload through at 0.8 Mbit/s; slower senders get 408.
      requestMs: int('REQUEST_TIMEOUT_MS', 120_000, 100, 3_600_000),
      headersMs: int('HEADERS_TIMEOUT_MS', 20_000, 100, 3_600_000),
      // Longer than the longest wait for a synthesis (QUEUE_JOB_TIMEOUT_MS, 600 s): a synchronous
      // POST /api/v1/tts sends nothing until its audio is ready.
      idleMs: int('CONNECTION_TIMEOUT_MS', 660_000, 0, 3_600_000),
      keepAliveMs: int('KEEP_ALIVE_TIMEOUT_MS', 72_000, 100, 3_600_000),
    },
    modelsDir: path.resolve(cwd, str('MODELS_DIR', path.join(dataDir, 'models'))),
    modelsSearchPath: (env['MODELS_SEARCH_PATH'] ?? '')
      .split(path.delimiter)
      .filter((p) => p !== '')
      .map((p) => path.resolve(cwd, p)),
    ffmpegPath: str('FFMPEG_PATH', 'ffmpeg'),
    ffprobePath: str('FFPROBE_PATH', 'ffprobe'),
    engineThreads: int('ENGINE_THREADS', 1, 1, 64),
    kokoroWorkers: int('KOKORO_WORKERS', 1, 1, 64),
    kokoroQuantize: bool('KOKORO_QUANTIZE', true),
    engineWarmup: bool('ENGINE_WARMUP', true),
    uploadDelayMs: int('UPLOAD_DELAY_MS', 0, 0, 3_600_000),
    s3,
    redisUrl,
    queue: {
      concurrency: int('QUEUE_CONCURRENCY', 2, 1, 256),
      maxWaiting: int('QUEUE_MAX_WAITING', 100, 1, 100_000),
      lockMs: int('QUEUE_LOCK_MS', 30_000, 1000, 600_000),
      jobTimeoutMs: int('QUEUE_JOB_TIMEOUT_MS', 600_000, 1000, 3_600_000),
    },
    reconcileIntervalMs: int('RECONCILE_INTERVAL_MS', 30_000, 1000, 3_600_000),
    refine: {
      concurrency: int('REFINE_CONCURRENCY', 1, 0, 16),
      cpuSeconds: int('REFINE_CPU_SECONDS', 600, 1, 86_400),
      maxEvaluations: int('REFINE_MAX_EVALUATIONS', 0, 0, 100_000),
      niceness: int('REFINE_NICENESS', 19, 0, 19),
    },
  };
  if (config.timeouts.headersMs > config.timeouts.requestMs) {
    // Node refuses a header timeout longer than the whole request's.
    problems.push('HEADERS_TIMEOUT_MS must not exceed REQUEST_TIMEOUT_MS');
  }
  if (config.redisUrl !== null && !/^rediss?:\/\//.test(config.redisUrl)) {
    problems.push(`REDIS_URL must start with redis:// or rediss:// (got "${config.redisUrl}")`);
  }

  if (problems.length > 0) {
    throw new Error(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return Object.freeze(config);
}

/** `S3_*` and the standard AWS credential variables; null when `S3_BUCKET` is unset. */
function s3Config(env: Env, problems: string[]): S3Config | null {
  const bucket = env['S3_BUCKET'];
  if (!bucket) return null;
  // S3 bucket naming rules: 3-63 lowercase letters, digits, dots and hyphens.
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    problems.push(`S3_BUCKET must be a valid bucket name: 3-63 lowercase letters, digits, dots, hyphens (got "${bucket}")`);
  }
  const endpoint = env['S3_ENDPOINT'] ? env['S3_ENDPOINT'].replace(/\/+$/, '') : null;
  if (endpoint !== null && !/^https?:\/\/[^/]/.test(endpoint)) {
    problems.push(`S3_ENDPOINT must be an http(s) URL (got "${endpoint}")`);
  }
  const style = env['S3_FORCE_PATH_STYLE'] ?? '';
  if (style !== '' && !/^(1|true|yes|on|0|false|no|off)$/i.test(style)) {
    problems.push(`S3_FORCE_PATH_STYLE must be true or false (got "${style}")`);
  }
  const accessKeyId = env['AWS_ACCESS_KEY_ID'] ?? '';
  const secretAccessKey = env['AWS_SECRET_ACCESS_KEY'] ?? '';
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    problems.push('AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY must be set together');
  }
  const sessionToken = env['AWS_SESSION_TOKEN'];
  return {
    bucket,
    endpoint,
    region: env['S3_REGION'] || env['AWS_REGION'] || 'us-east-1',
    forcePathStyle: /^(1|true|yes|on)$/i.test(style),
    credentials:
      accessKeyId && secretAccessKey
        ? { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) }
        : null,
  };
}
