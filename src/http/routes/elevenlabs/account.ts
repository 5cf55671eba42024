import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { GenerationRow } from '../../../db/schema.js';
import type { AccountService, Caller } from '../../../domain/accounts/accounts.js';
import { ELEVENLABS_MODELS } from '../../../domain/generations/elevenlabs-names.js';
import type { GenerationService } from '../../../domain/generations/generations.js';
import { MODELS } from '../../../domain/generations/models.js';
import { elevenLabsErrors } from './schemas.js';

/**
 * `/v1/user`, `/v1/user/subscription` and `/v1/history` in ElevenLabs' shapes. voicelib meters
 * points, not characters: `character_limit − character_count` is the points balance (count 0,
 * limit the balance), and the voice limit is the plan's clone plus design slots.
 */
async function subscription(accounts: AccountService, caller: Caller) {
  const me = await accounts.describe(caller);
  return {
    tier: me.plan.name,
    character_count: 0,
    character_limit: me.points,
    max_credit_limit_extension: 0,
    can_extend_character_limit: false,
    allowed_to_extend_character_limit: false,
    voice_slots_used: me.clones.used + me.designs.used,
    professional_voice_slots_used: 0,
    professional_voice_slots_used_in_workspace: 0,
    voice_limit: me.clones.limit + me.designs.limit,
    voice_add_edit_counter: 0,
    professional_voice_limit: 0,
    can_extend_voice_limit: false,
    can_use_instant_voice_cloning: me.clones.limit > 0,
    can_use_professional_voice_cloning: false,
    current_overage: { amount: '0', currency: 'usd' },
    status: 'active',
    voicelib_points: me.points,
    me,
  };
}

/** ElevenLabs' model list: its ids (mapped) and voicelib's own keys, all text-to-speech. */
export function elevenLabsModels() {
  const named = (id: string, key: string) => {
    const model = MODELS.find((m) => m.key === key)!;
    return {
      model_id: id,
      name: id === key ? model.label : `${id} (voicelib ${key})`,
      description: model.description,
      can_do_text_to_speech: true,
      can_do_voice_conversion: false,
      can_use_style: false,
      can_use_speaker_boost: false,
      serves_pro_voices: false,
      token_cost_factor: 1,
      maximum_text_length_per_request: 2000,
      languages: [],
      voicelib_model: key,
    };
  };
  return [...Object.entries(ELEVENLABS_MODELS).map(([id, key]) => named(id, key)), ...MODELS.map((m) => named(m.key, m.key))];
}

const STATE = { pending: 'processing', ready: 'created', failed: 'failed' } as const;

function historyItem(row: GenerationRow) {
  return {
    history_item_id: row.id,
    request_id: row.id,
    voice_id: row.voice_id,
    model_id: row.model,
    text: row.text,
    date_unix: Math.floor(Date.parse(row.created_at) / 1000),
    character_count_change_from: 0,
    character_count_change_to: row.characters,
    content_type: row.mime_type,
    state: STATE[row.status],
    settings: null,
    feedback: null,
    source: 'TTS',
    voicelib_points_used: row.points_used,
  };
}

const Loose = Type.Object({}, { additionalProperties: true });

export const elevenLabsAccountRoutes: FastifyPluginAsyncTypebox<{ accounts: AccountService; generations: GenerationService }> = async (
  app,
  { accounts, generations },
) => {
  app.get(
    '/user',
    { schema: { summary: 'The caller (ElevenLabs-compatible)', tags: ['elevenlabs'], response: { 200: Loose, ...elevenLabsErrors() } } },
    async (request, reply) => {
      const { me, ...sub } = await subscription(accounts, request.caller);
      return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send({
        user_id: me.account_id,
        workspace_id: me.workspace?.id ?? me.account_id,
        subscription: sub,
        is_new_user: false,
        can_use_delayed_payment_methods: false,
        is_onboarding_completed: true,
        is_onboarding_checklist_completed: true,
        created_at: 0,
        seat_type: me.workspace && me.workspace.role !== 'owner' ? 'workspace_member' : 'workspace_admin',
      });
    },
  );

  app.get(
    '/user/subscription',
    { schema: { summary: "The caller's plan and balance (ElevenLabs-compatible)", tags: ['elevenlabs'], response: { 200: Loose, ...elevenLabsErrors() } } },
    async (request, reply) => {
      const { me: _me, ...sub } = await subscription(accounts, request.caller);
      return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send({ ...sub, open_invoices: [], has_open_invoices: false });
    },
  );

  app.get(
    '/history',
    {
      schema: {
        summary: "The caller's generations, newest first (ElevenLabs-compatible)",
        tags: ['elevenlabs'],
        querystring: Type.Object({
          page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100 })),
          start_after_history_item_id: Type.Optional(Type.String({ maxLength: 200 })),
          voice_id: Type.Optional(Type.String({ maxLength: 200 })),
          model_id: Type.Optional(Type.String({ maxLength: 50 })),
        }),
        response: { 200: Loose, ...elevenLabsErrors(404) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const model = q.model_id === undefined ? undefined : (ELEVENLABS_MODELS[q.model_id] ?? q.model_id);
      const page = await generations.list(request.caller, {
        limit: q.page_size ?? 100,
        ...(q.start_after_history_item_id !== undefined ? { afterId: q.start_after_history_item_id } : {}),
        filters: { ...(q.voice_id !== undefined ? { voice_id: q.voice_id } : {}), ...(model !== undefined ? { model } : {}) },
      });
      return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send({
        history: page.rows.map(historyItem),
        has_more: page.hasMore,
        last_history_item_id: page.rows.at(-1)?.id ?? null,
        scanned_until: null,
      });
    },
  );
};
