import { createEncoder, createMp3Encoder } from 'wasm-media-encoders';
import type { Mp3Encoder } from './mp3-native.js';

/**
 * LAME compiled to WebAssembly (`wasm-media-encoders`), the MP3 worker's encoder where libmp3lame
 * does not load. The first one compiles the module (~100 ms); later ones only instantiate it (~1 ms).
 */

type WasmEncoder = Awaited<ReturnType<typeof createMp3Encoder>>;
type RawParams = (params: Record<string, unknown>) => Int32Array;

/**
 * The library accepts only the bitrates common to MPEG-1 and MPEG-2 and rejects 56 and 144 kbit/s,
 * which LAME itself supports. Its parameter block is [kbit/s, VBR quality, output rate]; this
 * validates with a permitted value and writes the real one into the block.
 */
function allowEveryLegalBitrate(encoder: WasmEncoder): void {
  const target = encoder as unknown as { parseParams: RawParams };
  const original = target.parseParams;
  target.parseParams = (params) => {
    const block = original({ ...params, bitrate: 64 });
    block[0] = Number(params['bitrate']);
    return block;
  };
}

/** Compiled once (the first encoder's), so each later encoder only instantiates it. */
let compiled: Exclude<Parameters<typeof createEncoder>[1], string | ArrayBuffer | Uint8Array> | undefined;

/** A WebAssembly LAME encoder; rejects when the module cannot load here. */
export async function createWasmMp3Encoder(): Promise<Mp3Encoder> {
  let encoder: WasmEncoder;
  if (compiled) {
    encoder = await createEncoder('audio/mpeg', compiled);
  } else {
    encoder = await createMp3Encoder();
    // The library keeps the compiled module beside the instance's exports.
    compiled = (encoder as unknown as { module?: { module?: typeof compiled } }).module?.module;
  }
  allowEveryLegalBitrate(encoder);
  // Its configure takes literal unions of rates and bitrates; the values passed are legal ones.
  return encoder as unknown as Mp3Encoder;
}
