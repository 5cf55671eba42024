import { readFile } from 'node:fs/promises';
import { serveWorkerRequests } from '../../../workers/worker-serve.js';
import { type PreparedModel, prepareKokoroModel } from './prepare.js';
import { getPhonemizer, type KokoroRequest, type KokoroResult, synthesizeKokoro } from './synthesize.js';

/** What the Kokoro worker answers: audio, a prepared model, or nothing (warm-up). */
export type KokoroReply = KokoroResult | PreparedModel | null;

/** Worker thread for Kokoro: one request at a time (see synthesize.ts and prepare.ts). */
export default serveWorkerRequests<KokoroRequest, KokoroReply>('Kokoro', async (request) => {
  if (request.kind === 'warm') {
    await getPhonemizer();
    return { result: null };
  }
  if (request.kind === 'prepare') {
    const styles = await Promise.all(
      request.voices.map(async (file) => {
        const bytes = await readFile(file);
        return new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
      }),
    );
    const options = styles.length === 0 ? {} : { quantize: { styles } };
    return { result: await prepareKokoroModel(request.source, request.cacheDir, options) };
  }
  const result = await synthesizeKokoro(request.job);
  return { result, transfer: [result.samples.buffer as ArrayBuffer] };
});
