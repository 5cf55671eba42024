import { serveWorkerRequests } from '../shared/worker-serve.js';
import { getPhonemizer, type KokoroRequest, type KokoroResult, synthesizeKokoro } from './synthesize.js';

/** Worker thread for Kokoro: one request at a time (see synthesize.ts). */
export default serveWorkerRequests<KokoroRequest, KokoroResult | null>('Kokoro', async (request) => {
  if (request.kind === 'warm') {
    await getPhonemizer();
    return { result: null };
  }
  const result = await synthesizeKokoro(request.job);
  return { result, transfer: [result.samples.buffer as ArrayBuffer] };
});
