/**
 * The output formats and sample rates the service offers, as plain data so that routes,
 * OpenAPI schemas and tests can enumerate them.
 */

/** Output formats, named as on the wire (Google-style enum values). */
export const AUDIO_FORMATS = ['MP3', 'OGG_OPUS', 'FLAC', 'WAV', 'LINEAR16', 'PCM', 'ALAW', 'MULAW'] as const;

/** One of `AUDIO_FORMATS`. */
export type AudioFormat = (typeof AUDIO_FORMATS)[number];

/** Output sample rates in Hz; every format supports every one of them. */
export const SAMPLE_RATES = [8000, 16000, 22050, 24000, 32000, 44100, 48000] as const;

/** One of `SAMPLE_RATES`. */
export type SampleRate = (typeof SAMPLE_RATES)[number];

/** What a client receives for a format: its Content-Type and a file extension (without the dot). */
export interface AudioFormatInfo {
  mimeType: string;
  extension: string;
}

/**
 * MIME type and extension per format. LINEAR16, ALAW and MULAW are WAV files (16-bit PCM, G.711
 * A-law and µ-law inside RIFF), so browsers and players open them as they are; PCM is headerless
 * signed 16-bit little-endian.
 */
export const AUDIO_FORMAT_INFO: Readonly<Record<AudioFormat, AudioFormatInfo>> = {
  MP3: { mimeType: 'audio/mpeg', extension: 'mp3' },
  OGG_OPUS: { mimeType: 'audio/ogg', extension: 'ogg' },
  FLAC: { mimeType: 'audio/flac', extension: 'flac' },
  WAV: { mimeType: 'audio/wav', extension: 'wav' },
  LINEAR16: { mimeType: 'audio/wav', extension: 'wav' },
  PCM: { mimeType: 'audio/pcm', extension: 'pcm' },
  ALAW: { mimeType: 'audio/wav', extension: 'wav' },
  MULAW: { mimeType: 'audio/wav', extension: 'wav' },
};

/** Narrows an arbitrary string to an `AudioFormat`. */
export function isAudioFormat(value: string): value is AudioFormat {
  return (AUDIO_FORMATS as readonly string[]).includes(value);
}

/** Narrows an arbitrary number to a `SampleRate`. */
export function isSampleRate(value: number): value is SampleRate {
  return (SAMPLE_RATES as readonly number[]).includes(value);
}
