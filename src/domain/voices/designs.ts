import { type DecodeLimiter, decodeAudio } from '../../audio/decode.js';
import { encodeAudio } from '../../audio/encode.js';
import type { Config } from '../../config.js';
import type { DesignPreviewRow, Store, VoiceRow } from '../../db/store.js';
import { AppError } from '../../errors.js';
import { newId, randomToken } from '../../ids.js';
import { isSilentText, parseMarkup } from '../../speech/markup.js';
import type { BlobStore } from '../../storage/blob-store.js';
import { parseDescription } from '../../voices/design/design.js';
import { designCandidates } from '../../voices/design/design-candidates.js';
import type { VoiceIdentity } from '../../speech/voice-identity.js';
import { resolveLanguage } from '../../voices/languages/languages.js';
import type { AccountService, Caller } from '../accounts/accounts.js';
import { resolvedVoice } from './voice-directory.js';
import type { PointsLedger, Reservation, ReservationKind } from '../accounts/points.js';
import { type SpeechQueue, jobAudio } from '../generations/speech-jobs.js';

/** Previews live this long (spec: about 30 minutes, `expires_in` 1800). */
export const PREVIEW_TTL_SECONDS = 1800;
export const DEFAULT_PREVIEW_TEXT =
  'Hello! This is a preview of the voice you described. I hope it sounds just the way you imagined.';

export interface PreviewsInput {
  prompt: string;
  language?: string;
  preview_text?: string;
  count?: number;
  include_audio?: boolean;
}

export interface SaveDesignInput {
  preview_id: string;
  name: string;
  description?: string;
  tags?: string[];
  sample_base64?: string;
}

export interface DesignDeps {
  config: Readonly<Config>;
  store: Store;
  accounts: AccountService;
  ledger: PointsLedger;
  /** Previews are synthesized, encoded and stored by queued jobs, like generations. */
  queue: SpeechQueue;
  blobs: BlobStore;
  /** The process's one limit on concurrent recording decodes (docs/reliability.md, F3). */
  decodes: DecodeLimiter;
}

/**
 * Voice design: a description becomes 1-3 candidate identities that all fit it and differ from
 * each other; each is a real, paid synthesis (count × ceil(chars / 15), charged to the slot
 * owner). A new call discards earlier previews. Saving one is free and takes a design slot.
 */
export class DesignService {
  constructor(private readonly deps: DesignDeps) {}

  async previews(caller: Caller, input: PreviewsInput) {
    const text = input.preview_text ?? DEFAULT_PREVIEW_TEXT;
    const count = input.count ?? 3;
    const hint = input.language ?? 'auto';
    const resolved = resolveLanguage(hint);
    if (!resolved) throw new AppError('unsupported_language', `Unknown language "${hint}"`);
    const markup = parseMarkup(text, { maxCharacters: 1000 });
    if (isSilentText(markup.spokenText)) throw new AppError('validation_error', 'preview_text has nothing to speak');

    await this.deps.accounts.slots.requireFree(caller, 'designed');

    const spec = parseDescription(input.prompt, resolved.code === 'auto' ? undefined : resolved.code);
    const candidates = designCandidates(spec, count, `${caller.accountId}:${Date.now()}`);
    const perPreview = Math.ceil(markup.characterCount / 15);
    const cost = perPreview * candidates.length;
    const batchId = newId('batch');
    const ids = candidates.map(() => newId('prev'));
    // Workspace members design on the owner's balance (decisions.md). The reservation names the
    // audio files the batch will write, so a crash mid-batch leaves no orphan behind.
    const stored: DesignPreviewRow[] = [];
    const audios: string[] = [];
    let replaced: DesignPreviewRow[] = [];
    const work = async (reservation: Reservation) => {
      const now = new Date();
      for (const [i, candidate] of candidates.entries()) {
        const id = ids[i]!;
        // The worker stores the preview audio itself (a reservation artifact): one write, wherever it runs.
        const audioKey = previewAudioKey(id);
        const speech = await this.deps.queue.run(caller.keyId, {
          reservationId: reservation.id,
          speak: { segments: markup.segments, voice: resolvedVoice(id, spec.language, candidate.identity).realization, model: 'v-pro' },
          enhance: false,
          encode: { format: 'MP3', sampleRate: 24_000 },
          storeAt: audioKey,
          spoolAs: null,
        });
        const row: DesignPreviewRow = {
          id,
          batch_id: batchId,
          account_id: caller.accountId,
          language: spec.language,
          prompt: input.prompt,
          text,
          identity: JSON.stringify(candidate.identity),
          audio_key: previewAudioKey(id),
          mime_type: speech.mimeType,
          url_token: randomToken(32),
          created_at: now.toISOString(),
          expires_at: new Date(now.getTime() + PREVIEW_TTL_SECONDS * 1000).toISOString(),
        };
        stored.push(row);
        if (input.include_audio) {
          const data = await jobAudio(speech, audioKey, this.deps.blobs);
          audios.push(`data:${speech.mimeType};base64,${data.toString('base64')}`);
        }
      }
      // The new batch replaces every earlier preview of this caller (and their links); its rows
      // and the settled charge commit together.
      await reservation.settle(cost, async (tx) => {
        replaced = await tx.listPreviews(caller.accountId);
        await tx.deletePreviews(replaced.map((r) => r.id));
        for (const row of stored) await tx.insertPreview(row);
      });
    };
    await this.deps.ledger.charge(caller.ownerAccountId, cost, 'design_previews', { type: 'design_batch', id: batchId }, work, {
      artifacts: ids.map(previewAudioKey),
      // Every candidate's key, not only the finished ones: the failed job may have stored its audio.
      undo: async () => {
        for (const id of ids) await this.deps.blobs.delete(previewAudioKey(id)).catch(() => undefined);
      },
    });
    for (const row of replaced) await this.deps.blobs.delete(row.audio_key);
    return {
      previews: stored.map((row, i) => ({
        preview_id: row.id,
        text: row.text,
        preview_url: this.previewUrl(row),
        ...(input.include_audio ? { audio_base64: audios[i]! } : {}),
      })),
      points_used: cost,
      expires_in: PREVIEW_TTL_SECONDS,
    };
  }

  async save(caller: Caller, input: SaveDesignInput) {
    const preview = await this.deps.store.findPreview(input.preview_id);
    if (!preview || preview.account_id !== caller.accountId) {
      throw new AppError('preview_not_found', `Preview ${input.preview_id} not found; previews are replaced by newer ones`);
    }
    if (new Date(preview.expires_at).getTime() < Date.now()) {
      throw new AppError('preview_expired', 'This preview is older than 30 minutes; generate new previews');
    }
    await this.deps.accounts.slots.requireFree(caller, 'designed');
    const id = newId('voice');
    // The audition clip: the caller's own sample when given (checked to be audio), else the preview.
    let clip: { data: Buffer; mime: string; ext: string };
    if (input.sample_base64) {
      const data = Buffer.from(input.sample_base64.replace(/^data:[^,]*,/, ''), 'base64');
      const decoded = await decodeAudio(data, {
        ffmpegPath: this.deps.config.ffmpegPath,
        maxSeconds: 60,
        tempDir: this.deps.config.tempDir,
        queueKey: caller.accountId,
        limiter: this.deps.decodes,
      });
      const encoded = await encodeAudio(decoded.audio, {
        format: 'MP3',
        sampleRate: 24_000,
        ffmpegPath: this.deps.config.ffmpegPath,
      });
      clip = { data: encoded.data, mime: encoded.mimeType, ext: encoded.extension };
    } else {
      const stream = await this.deps.blobs.read(preview.audio_key);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      clip = { data: Buffer.concat(chunks), mime: preview.mime_type, ext: 'mp3' };
    }
    const sampleKey = `designs/${id}.${clip.ext}`;
    await this.deps.blobs.put(sampleKey, clip.data, clip.mime);
    const row: VoiceRow = {
      id,
      account_id: caller.accountId,
      slot_owner_id: caller.ownerAccountId,
      type: 'designed',
      name: input.name,
      languages: JSON.stringify([preview.language]),
      description: input.description ?? null,
      tags: input.tags ? JSON.stringify(input.tags) : null,
      identity: preview.identity,
      sample_key: sampleKey,
      sample_mime: clip.mime,
      url_token: randomToken(32),
      created_at: new Date().toISOString(),
    };
    try {
      await this.deps.accounts.slots.insertVoiceWithin(caller, row);
    } catch (err) {
      await this.deps.blobs.delete(sampleKey);
      throw err;
    }
    // Saving one discards its siblings (and this preview: the voice now has its own link).
    await this.discard(await this.deps.store.listPreviewBatch(preview.batch_id));
    const after = await this.deps.accounts.slots.usage(caller);
    return {
      id,
      name: row.name,
      type: 'designed' as const,
      languages: [preview.language],
      created_at: row.created_at,
      preview_url: this.voiceClipUrl(row),
      used: after.designs.used,
      limit: after.designs.limit,
    };
  }

  async delete(caller: Caller, id: string): Promise<void> {
    const row = await this.deps.store.findVoice(id, caller.accountId);
    if (!row || row.type !== 'designed') throw new AppError('voice_not_found', `Voice ${id} not found`);
    await this.deps.store.deleteVoice(id, caller.accountId, 'designed');
    if (row.sample_key) await this.deps.blobs.delete(row.sample_key);
  }

  /** The public preview link of an unexpired preview, or 404. */
  async findPreviewForLink(id: string, token: string): Promise<DesignPreviewRow> {
    const row = await this.deps.store.findPreview(id);
    if (!row || row.url_token !== token || new Date(row.expires_at).getTime() < Date.now()) {
      throw new AppError('not_found', 'No such preview');
    }
    return row;
  }

  /**
   * How start-up reconciliation treats a preview batch a dead process left open: finished if its
   * rows exist (they commit with the settlement); otherwise the audio it wrote is removed.
   */
  reservationKind(): ReservationKind {
    return {
      finished: async (row) => (await this.deps.store.listPreviewBatch(row.ref_id)).length > 0,
      discard: async (row) => {
        for (const key of JSON.parse(row.artifacts) as string[]) await this.deps.blobs.delete(key);
      },
    };
  }

  /** Removes expired previews and their audio (run periodically). */
  async sweepExpired(): Promise<number> {
    const expired = await this.deps.store.listExpiredPreviews(new Date().toISOString());
    await this.discard(expired);
    return expired.length;
  }

  previewUrl(row: DesignPreviewRow): string {
    return `${this.deps.config.publicBaseUrl}/files/previews/${row.id}/${row.url_token}.mp3`;
  }

  voiceClipUrl(row: VoiceRow): string {
    const ext = row.sample_key?.split('.').pop() ?? 'mp3';
    return `${this.deps.config.publicBaseUrl}/files/voices/${row.id}/${row.url_token}.${ext}`;
  }

  private async discard(rows: DesignPreviewRow[]): Promise<void> {
    await this.deps.store.deletePreviews(rows.map((r) => r.id));
    for (const row of rows) await this.deps.blobs.delete(row.audio_key);
  }
}

/** Storage key of a preview's audio; known before synthesis so the reservation can name it. */
function previewAudioKey(id: string): string {
  return `previews/${id}.mp3`;
}

export type { VoiceIdentity };
