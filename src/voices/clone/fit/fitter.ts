import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import type { SpeechEngine } from '../../../speech/engine.js';
import { WorkerPool } from '../../../workers/worker-pool.js';
import type { CloneFit, CloneFitRequest } from './fit.js';
import { serveRemoteEngines } from './remote-engine.js';
import type { CloneFitJob } from './worker.js';

/**
 * Fits clones in worker threads, so the seconds of measuring a recording and its probes never hold
 * the HTTP event loop (reliability F4: ping took up to 6.2 s beside 8 concurrent clones). The
 * engines stay in this thread's registry; the fitting thread reaches them over a message port.
 * Threads start on the first clone; two at most, as each mostly waits on probe syntheses.
 */
export class CloneFitter {
  private readonly pool = new WorkerPool<CloneFitJob, CloneFit>({
    name: 'Clone fitting',
    size: Math.min(2, availableParallelism()),
    script: new URL('./worker.js', import.meta.url),
  });

  constructor(
    private readonly engines: () => Promise<readonly SpeechEngine[]>,
    private readonly modelFolders: readonly string[] = [],
  ) {}

  async fit(request: Omit<CloneFitRequest, 'modelFolders'>): Promise<CloneFit> {
    const engines = await this.engines();
    const { port1, port2 } = new MessageChannel();
    const stop = serveRemoteEngines(engines, port1);
    try {
      const job: CloneFitJob = {
        ...request,
        modelFolders: [...this.modelFolders],
        engines: engines.map((engine) => engine.info),
        port: port2,
      };
      return await this.pool.run(job, [port2 as unknown as ArrayBuffer]);
    } finally {
      stop();
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
