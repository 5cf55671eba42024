import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** What the queue gauge reads at each scrape. */
export interface QueueDepth {
  running: number;
  waiting: number;
}

/**
 * The service's Prometheus metrics, one registry per container (tests run several servers in one
 * process; the global registry would refuse the second registration). Layers below http never
 * import this: they take the plain callbacks (`synthesis`, `ledger`, `generated`) the container
 * hands them.
 */
export class Metrics {
  readonly registry = new Registry();

  private readonly requestSeconds = new Histogram({
    name: 'voicelib_http_request_duration_seconds',
    help: 'Time from request to response, in seconds, by route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
    registers: [this.registry],
  });
  private readonly synthesisSeconds = new Histogram({
    name: 'voicelib_synthesis_seconds',
    help: 'Wall-clock seconds one engine call took to synthesize one text segment',
    labelNames: ['engine'] as const,
    buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly realTimeFactor = new Histogram({
    name: 'voicelib_synthesis_real_time_factor',
    help: 'Synthesis seconds per second of audio produced (below 1 is faster than real time)',
    labelNames: ['engine'] as const,
    buckets: [0.005, 0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5],
    registers: [this.registry],
  });
  private readonly audioSeconds = new Counter({
    name: 'voicelib_synthesized_audio_seconds_total',
    help: 'Seconds of audio the engines produced',
    labelNames: ['engine'] as const,
    registers: [this.registry],
  });
  private readonly pointsCharged = new Counter({
    name: 'voicelib_points_charged_total',
    help: 'Points taken from balances (reservations and charges), by what they paid for',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly pointsRefunded = new Counter({
    name: 'voicelib_points_refunded_total',
    help: 'Points given back (failed work, settled below the reservation, interrupted work)',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly generations = new Counter({
    name: 'voicelib_generations_total',
    help: 'Generations synthesized and recorded, by model and the engine that spoke',
    labelNames: ['model', 'engine'] as const,
    registers: [this.registry],
  });

  constructor(queueDepth: () => QueueDepth) {
    new Gauge({
      name: 'voicelib_queue_depth',
      help: 'Syntheses running and waiting in the fair queue, read at scrape time',
      labelNames: ['state'] as const,
      registers: [this.registry],
      collect() {
        const depth = queueDepth();
        this.set({ state: 'running' }, depth.running);
        this.set({ state: 'waiting' }, depth.waiting);
      },
    });
    collectDefaultMetrics({ register: this.registry, prefix: 'voicelib_' });
  }

  request(method: string, route: string, status: number, seconds: number): void {
    this.requestSeconds.observe({ method, route, status: String(status) }, seconds);
  }

  /** One engine call: `seconds` of wall clock for `audioSeconds` of audio. */
  readonly synthesis = (engine: string, seconds: number, audioSeconds: number): void => {
    this.synthesisSeconds.observe({ engine }, seconds);
    this.audioSeconds.inc({ engine }, audioSeconds);
    if (audioSeconds > 0) this.realTimeFactor.observe({ engine }, seconds / audioSeconds);
  };

  readonly ledger = {
    charged: (points: number, kind: string) => this.pointsCharged.inc({ kind }, points),
    refunded: (points: number, kind: string) => this.pointsRefunded.inc({ kind }, points),
  };

  readonly generated = (model: string, engine: string): void => {
    this.generations.inc({ model, engine });
  };

  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}
