import type { MessagePort } from 'node:worker_threads';
import type { EngineInfo } from '../../../speech/engine.js';
import { serveWorkerRequests } from '../../../workers/worker-serve.js';
import { type CloneFit, type CloneFitRequest, fitCloneRecording } from './fit.js';
import { remoteEngines } from './remote-engine.js';

/** One clone to fit: the recording, and the installed engines as facts plus a port to reach them. */
export interface CloneFitJob extends CloneFitRequest {
  engines: EngineInfo[];
  port: MessagePort;
}

/**
 * Worker thread fitting clones (`CloneFitter`): the measuring and fitting arithmetic runs here,
 * the engines' syntheses in the main process's engine workers (asked for over `port`).
 */
export default serveWorkerRequests<CloneFitJob, CloneFit>('Clone fitting', async (job) => {
  const { engines, port, ...request } = job;
  try {
    const fit = await fitCloneRecording(request, remoteEngines(engines, port));
    return { result: fit, transfer: [fit.audio.samples.buffer as ArrayBuffer] };
  } finally {
    port.close();
  }
});
