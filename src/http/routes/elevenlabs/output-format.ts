import type { AudioFormat } from '../../../audio/formats.js';
import { AppError } from '../../../errors.js';

/**
 * ElevenLabs' `output_format` (`codec_samplerate[_bitrate]`) as a native format, rate and bit rate.
 * PCM, µ-law and A-law are headerless samples, as ElevenLabs sends them: the native MULAW and ALAW
 * are WAV files, so their header is taken off (`headerless`).
 */
export interface OutputFormat {
  name: string;
  format: AudioFormat;
  sampleRate: number;
  bitRate?: number;
  contentType: string;
  /** Bytes of WAV header to drop from the front of the native encoding. */
  headerless: boolean;
}

/** Every value ElevenLabs' SDKs list, and `mp3_44100` (an older alias LiveKit still lists). */
const RATES = [8000, 16000, 22050, 24000, 32000, 44100, 48000];
export const OUTPUT_FORMATS: readonly string[] = [
  'mp3_22050_32', 'mp3_24000_48', 'mp3_44100_32', 'mp3_44100_64', 'mp3_44100_96', 'mp3_44100_128', 'mp3_44100_192', 'mp3_44100',
  ...RATES.map((r) => `pcm_${r}`),
  'ulaw_8000', 'alaw_8000',
  ...[32, 64, 96, 128, 192].map((b) => `opus_48000_${b}`),
  ...RATES.map((r) => `wav_${r}`),
];

export const DEFAULT_OUTPUT_FORMAT = 'mp3_44100_128';

export function parseOutputFormat(value: string | undefined): OutputFormat {
  const name = value ?? DEFAULT_OUTPUT_FORMAT;
  if (!OUTPUT_FORMATS.includes(name)) {
    throw new AppError('validation_error', `Unknown output_format "${name}"; use one of ${OUTPUT_FORMATS.join(', ')}`, {
      param: 'output_format',
    });
  }
  const [codec, rate, kbps] = name.split('_') as [string, string, string | undefined];
  const sampleRate = Number(rate);
  switch (codec) {
    case 'mp3':
      return { name, format: 'MP3', sampleRate, bitRate: Number(kbps ?? '128') * 1000, contentType: 'audio/mpeg', headerless: false };
    case 'opus':
      return { name, format: 'OGG_OPUS', sampleRate, bitRate: Number(kbps) * 1000, contentType: 'audio/ogg', headerless: false };
    case 'pcm':
      return { name, format: 'PCM', sampleRate, contentType: 'audio/pcm', headerless: false };
    case 'wav':
      return { name, format: 'WAV', sampleRate, contentType: 'audio/wav', headerless: false };
    case 'ulaw':
      return { name, format: 'MULAW', sampleRate, contentType: 'audio/basic', headerless: true };
    default:
      return { name, format: 'ALAW', sampleRate, contentType: 'audio/x-alaw-basic', headerless: true };
  }
}
