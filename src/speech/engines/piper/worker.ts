import { serveWorkerRequests } from '../../../workers/worker-serve.js';
import { getPhonemizer, type PiperRequest, type PiperResult, synthesizePiper } from './synthesize.js';

/** Worker thread for Piper: one request at a time (see synthesize.ts). */
export default serveWorkerRequests<PiperRequest, PiperResult | null>('Piper', async (request) => {
  if (request.kind === 'warm') {
    await getPhonemizer();
    return { result: null };
  }
  const result = await synthesizePiper(request.job);
  return { result, transfer: [result.samples.buffer as ArrayBuffer] };
});
