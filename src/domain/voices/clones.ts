import { type DecodeLimiter, decodeAudio } from '../../audio/decode.js';
import { encodeWav } from '../../audio/wav.js';
import type { Config } from '../../config.js';
import type { Store, VoiceRow } from '../../db/store.js';
import { AppError } from '../../errors.js';
import { newId, randomToken } from '../../ids.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { resolveLanguage } from '../../voices/languages/languages.js';
import type { CloneFitter } from '../../voices/clone/fit/fitter.js';
import type { RefinementTarget } from '../../voices/clone/refine/plan.js';
import type { VoiceIdentity } from '../../speech/voice-identity.js';
import type { AccountService, Caller } from '../accounts/accounts.js';
import { detectLanguageFromText } from '../generations/language-guess.js';
import type { RefinementService, RefinementView } from './refinements.js';

/** What a clone sample is turned into (spec: mono 16-bit WAV, first 30 s, 32 kHz). */
export const CLONE_SAMPLE_RATE = 32_000;
export const CLONE_MAX_SECONDS = 30;
/** Above this many base64 characters a file counts as oversized (the limit `/voices/languages` reports). */
const OVERSIZED_BASE64 = 4_194_304;

export interface CloneInput {
  name: string;
  language: string;
  samples: Array<{ audio_base64: string; transcript?: string }>;
  remove_background_noise?: boolean;
}

export interface CloneDeps {
  /** The process's one limit on concurrent recording decodes (docs/reliability.md, F3). */
  decodes: DecodeLimiter;
  config: Readonly<Config>;
  store: Store;
  accounts: AccountService;
  blobs: BlobStore;
  /** Denoises, measures and realizes the recording off the event loop, on the installed engines. */
  fitter: CloneFitter;
  /** Refines new clones in the background (docs/voices.md, "Refinement"). */
  refinements: RefinementService;
  /** Where a new clone can be refined, or null (no engine with a voice space, no speaker encoder). */
  refinementTarget: (
    identity: VoiceIdentity,
    clone: { language: string; transcript?: string; pitchHz: number; heard?: number[] },
  ) => Promise<RefinementTarget | null>;
}

/**
 * Voice cloning: the recording is converted as the contract says (every change listed in
 * `audio_notes`), optionally denoised, measured (pitch, range, formants, rate, tilt, breathiness)
 * and realized as an identity (engine parameters plus a transform stage). No points; one slot.
 */
export class CloneService {
  constructor(private readonly deps: CloneDeps) {}

  async create(caller: Caller, input: CloneInput) {
    const sample = input.samples[0];
    if (!sample) throw new AppError('missing_samples', 'samples must hold one recording');
    const language = this.language(input.language, sample.transcript);
    const raw = sample.audio_base64.trim();
    if (/^data:/i.test(raw)) {
      throw new AppError('invalid_sample', 'audio_base64 must be raw base64: remove the "data:...;base64," prefix');
    }
    if (!/^[A-Za-z0-9+/\r\n]+={0,2}$/.test(raw)) {
      throw new AppError('invalid_sample', 'audio_base64 is not valid base64');
    }
    // Slots are checked before the expensive work; the insert re-checks under a lock.
    await this.deps.accounts.slots.requireFree(caller, 'clone');

    const bytes = Buffer.from(raw, 'base64');
    const decoded = await decodeAudio(bytes, {
      sampleRate: CLONE_SAMPLE_RATE,
      maxSeconds: CLONE_MAX_SECONDS,
      ffmpegPath: this.deps.config.ffmpegPath,
      ffprobePath: this.deps.config.ffprobePath,
      tempDir: this.deps.config.tempDir,
      queueKey: caller.accountId,
      limiter: this.deps.decodes,
    });
    const notes: string[] = [];
    const info = decoded.info;
    const isPlainWav = info.formatName === 'wav' && info.codec === 'pcm_s16le';
    if (!isPlainWav) notes.push(`Re-encoded from ${info.codec} (${info.formatName}) to 16-bit WAV`);
    if (info.durationSeconds > CLONE_MAX_SECONDS + 0.05) {
      notes.push(`Trimmed from ${info.durationSeconds.toFixed(1)} s to the first ${CLONE_MAX_SECONDS} s`);
    }
    if (info.channels > 1) notes.push(`Down-mixed ${info.channels} channels to mono`);
    if (info.sampleRate !== CLONE_SAMPLE_RATE) notes.push(`Resampled from ${info.sampleRate} Hz to ${CLONE_SAMPLE_RATE} Hz`);

    // A transcript describes the whole recording: after trimming it no longer matches the audio.
    const trimmed = info.durationSeconds > CLONE_MAX_SECONDS + 0.05;
    const removeNoise = input.remove_background_noise ?? true;
    const { audio, traits, identity, heard } = await this.deps.fitter.fit({
      audio: decoded.audio,
      language: language.code,
      removeNoise,
      ...(sample.transcript && !trimmed ? { transcript: sample.transcript } : {}),
    });
    if (removeNoise) notes.push('Background noise removed');
    const wav = encodeWav(audio, { encoding: 'pcm16' });
    if (raw.length > OVERSIZED_BASE64) {
      notes.push(`Shrunk from ${(bytes.length / 1e6).toFixed(1)} MB to ${(wav.length / 1e6).toFixed(1)} MB`);
    }

    const id = newId('voice');
    const sampleKey = `samples/${id}.wav`;
    await this.deps.blobs.put(sampleKey, wav, 'audio/wav');
    const row: VoiceRow = {
      id,
      account_id: caller.accountId,
      slot_owner_id: caller.ownerAccountId,
      type: 'clone',
      name: input.name,
      languages: JSON.stringify([language.code]),
      description: null,
      tags: null,
      identity: JSON.stringify({ ...identity, measured: traits }),
      sample_key: sampleKey,
      sample_mime: 'audio/wav',
      url_token: randomToken(32),
      created_at: new Date().toISOString(),
    };
    try {
      await this.deps.accounts.slots.insertVoiceWithin(caller, row);
    } catch (err) {
      await this.deps.blobs.delete(sampleKey);
      throw err;
    }
    const target = await this.deps.refinementTarget(identity, {
      language: language.code,
      ...(sample.transcript && !trimmed ? { transcript: sample.transcript } : {}),
      pitchHz: traits.pitchHz,
      ...(heard ? { heard } : {}),
    });
    const refinement: RefinementView | null =
      target === null ? null : await this.deps.refinements.plan(id, caller.accountId, target);
    const usage = await this.deps.accounts.slots.usage(caller);
    return {
      id,
      name: row.name,
      type: 'clone' as const,
      languages: [language.code],
      created_at: row.created_at,
      used: usage.clones.used,
      limit: usage.clones.limit,
      ...(notes.length > 0 ? { audio_notes: notes } : {}),
      refinement,
    };
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const row = await this.deps.store.findVoice(id, caller.accountId);
    if (!row || row.type !== 'clone') throw new AppError('voice_not_found', `Voice ${id} not found`);
    await this.deps.refinements.cancel(id);
    await this.deps.store.deleteVoice(id, caller.accountId, 'clone');
    if (row.sample_key) await this.deps.blobs.delete(row.sample_key);
  }

  private language(input: string, transcript: string | undefined) {
    const resolved = resolveLanguage(input);
    if (!resolved) throw new AppError('unsupported_language', `Unknown language "${input}"`);
    if (resolved.code !== 'auto') return resolved;
    // No language identification from audio here: auto uses the transcript's script, else English.
    const guess = transcript ? detectLanguageFromText(transcript) : 'en-US';
    return resolveLanguage(guess) ?? resolved;
  }
}
