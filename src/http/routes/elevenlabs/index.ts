import type { FastifyPluginAsync } from 'fastify';
import type { AccountService } from '../../../domain/accounts/accounts.js';
import type { GenerationService } from '../../../domain/generations/generations.js';
import type { CloneService } from '../../../domain/voices/clones.js';
import type { DesignService } from '../../../domain/voices/designs.js';
import type { VoiceLibrary } from '../../../domain/voices/voice-library.js';
import { elevenLabsAccountRoutes } from './account.js';
import { elevenLabsStreamInputRoutes } from './stream-input.js';
import { elevenLabsTtsRoutes } from './tts.js';
import { elevenLabsVoiceRoutes } from './voices.js';

/**
 * The ElevenLabs-compatible routes under `/v1` (docs/elevenlabs-compatibility.md), beside the
 * OpenAI ones. The caller registers the API-key auth (which takes `xi-api-key` there) and rate
 * limits on the same scope; `GET /v1/models` is shared with OpenAI (openai/models.ts).
 */
export const elevenLabsRoutes: FastifyPluginAsync<{
  generations: GenerationService;
  accounts: AccountService;
  library: VoiceLibrary;
  clones: CloneService;
  designs: DesignService;
}> = async (app, deps) => {
  await app.register(elevenLabsTtsRoutes, { generations: deps.generations });
  await app.register(elevenLabsStreamInputRoutes, { generations: deps.generations, library: deps.library });
  await app.register(elevenLabsVoiceRoutes, { library: deps.library, clones: deps.clones, designs: deps.designs });
  await app.register(elevenLabsAccountRoutes, { accounts: deps.accounts, generations: deps.generations });
};
