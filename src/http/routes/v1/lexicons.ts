import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../../errors.js';
import { buildPls, PLS_MEDIA_TYPE, parsePls } from '../../../domain/lexicons/lexicon-pls.js';
import {
  type LexiconInput,
  type LexiconService,
  MAX_ENTRY_ALIAS,
  MAX_ENTRY_IPA,
  MAX_ENTRY_TEXT,
  MAX_LEXICON_ENTRIES,
  MAX_LEXICON_NAME,
} from '../../../domain/lexicons/lexicons.js';
import { errorResponses, Ok } from '../../schemas.js';
import { refuseNul } from '../../validation.js';

/**
 * Pronunciation lexicons (docs/text.md, "Lexicons"): JSON, or W3C PLS 1.0 XML in
 * (`Content-Type: application/pls+xml`) and out (`?format=pls`).
 */

/** Largest PLS document accepted: 500 entries of the longest fields fit in well under this. */
const PLS_BODY_LIMIT_BYTES = 512 * 1024;

const Entry = Type.Object(
  {
    text: Type.String({ minLength: 1, maxLength: MAX_ENTRY_TEXT, description: 'Written form: a word or several, matched on whole words' }),
    alias: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_ENTRY_ALIAS, description: 'Words spoken instead (captions keep `text`)' })),
    ipa: Type.Optional(
      Type.String({ minLength: 1, maxLength: MAX_ENTRY_IPA, description: "IPA spoken instead, in symbols Kokoro's vocabulary has (422 otherwise)" }),
    ),
    case_sensitive: Type.Optional(Type.Boolean({ default: false, description: 'Match only this exact case' })),
  },
  { additionalProperties: false, description: 'Exactly one of alias and ipa' },
);

const LexiconBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MAX_LEXICON_NAME }),
    language: Type.Optional(Type.String({ maxLength: 35, default: 'en', description: 'BCP-47 tag (the PLS xml:lang)' })),
    entries: Type.Array(Entry, { maxItems: MAX_LEXICON_ENTRIES, description: `At most ${MAX_LEXICON_ENTRIES}` }),
  },
  { additionalProperties: false },
);

const PlsBody = Type.String({
  description: 'A W3C PLS 1.0 document (alphabet="ipa"); the name comes from ?name=, else vl:name, else "Imported lexicon"',
});

const Summary = {
  lexicon_id: Type.String(),
  name: Type.String(),
  language: Type.String(),
  workspace_id: Type.Union([Type.String(), Type.Null()], { description: 'Shared with this workspace\'s members, or null (private)' }),
  owner_account_id: Type.String(),
  created_at: Type.String({ description: 'ISO 8601' }),
  updated_at: Type.String({ description: 'ISO 8601' }),
};
const Lexicon = Type.Object({ ...Summary, entries: Type.Array(Entry) });
const LexiconList = Type.Object({ lexicons: Type.Array(Type.Object({ ...Summary, entry_count: Type.Integer() })) });

const Params = Type.Object({ id: Type.String({ description: 'Lexicon id' }) });
const WriteQuery = Type.Object({
  name: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_LEXICON_NAME, description: 'Name of a lexicon sent as PLS' })),
});

const requestBody = {
  content: {
    'application/json': { schema: LexiconBody },
    [PLS_MEDIA_TYPE]: { schema: PlsBody },
  },
};

/** A JSON body as it is, a PLS document parsed (its name from the query, the document, or a default). */
function lexiconInput(body: unknown, name: string | undefined, contentType: string | undefined): LexiconInput {
  if (typeof body === 'string') {
    // Fastify parses text/plain by default; only PLS is a lexicon document.
    if (!(contentType ?? '').toLowerCase().startsWith(PLS_MEDIA_TYPE)) {
      throw new AppError('unsupported_media_type', `Send a lexicon as application/json or ${PLS_MEDIA_TYPE}`);
    }
    const pls = parsePls(body);
    return { name: name ?? pls.name ?? 'Imported lexicon', language: pls.language, entries: pls.entries };
  }
  // A body-less request passes the per-media-type schemas (they validate only a body that exists).
  if (body === null || typeof body !== 'object') {
    throw new AppError('bad_request', `Send the lexicon as a JSON body or as ${PLS_MEDIA_TYPE}`);
  }
  return body as LexiconInput;
}

export const lexiconRoutes: FastifyPluginAsyncTypebox<{ lexicons: LexiconService }> = async (app, { lexicons }) => {
  // Names and entries are stored: no NUL, which PostgreSQL text cannot hold.
  app.addHook('preValidation', refuseNul);
  app.addContentTypeParser(PLS_MEDIA_TYPE, { parseAs: 'string', bodyLimit: PLS_BODY_LIMIT_BYTES }, (_request, body, done) =>
    done(null, body),
  );

  app.get(
    '/lexicons',
    {
      schema: {
        summary: 'Own lexicons and those shared in the caller\'s workspace, oldest first',
        tags: ['lexicons'],
        response: { 200: LexiconList, ...errorResponses() },
      },
    },
    async (request) => ({ lexicons: await lexicons.list(request.caller) }),
  );

  app.post(
    '/lexicons',
    {
      schema: {
        summary: 'Create a pronunciation lexicon (JSON, or PLS XML with Content-Type application/pls+xml)',
        tags: ['lexicons'],
        querystring: WriteQuery,
        body: requestBody as never,
        response: { 201: Lexicon, ...errorResponses(400, 413, 415, 422) },
      },
    },
    async (request, reply) => {
      const created = await lexicons.create(request.caller, lexiconInput(request.body, request.query.name, request.headers['content-type']));
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/lexicons/:id',
    {
      schema: {
        summary: 'One lexicon, as JSON or (?format=pls) as a W3C PLS 1.0 document',
        tags: ['lexicons'],
        params: Params,
        querystring: Type.Object({ format: Type.Optional(Type.Enum(['json', 'pls'], { default: 'json' })) }),
        response: {
          200: {
            description: 'The lexicon',
            content: { 'application/json': { schema: Lexicon }, [PLS_MEDIA_TYPE]: { schema: Type.String() } },
            headers: {
              'Content-Disposition': { type: 'string', description: 'format=pls only: attachment, file name <lexicon id>.pls' },
            },
          } as never,
          ...errorResponses(404, 422),
        },
      },
    },
    async (request, reply) => {
      const lexicon = await lexicons.get(request.caller, request.params.id);
      if (request.query.format !== 'pls') return reply.type('application/json').send(lexicon);
      return reply
        .type(`${PLS_MEDIA_TYPE}; charset=utf-8`)
        .header('Content-Disposition', `attachment; filename="${lexicon.lexicon_id}.pls"`)
        .send(buildPls(lexicon));
    },
  );

  app.put(
    '/lexicons/:id',
    {
      schema: {
        summary: 'Replace a lexicon\'s name, language and entries (JSON or PLS); its creator or the workspace owner only',
        tags: ['lexicons'],
        params: Params,
        querystring: WriteQuery,
        body: requestBody as never,
        response: { 200: Lexicon, ...errorResponses(400, 404, 413, 415, 422) },
      },
    },
    async (request) => lexicons.replace(request.caller, request.params.id, lexiconInput(request.body, request.query.name, request.headers['content-type'])),
  );

  app.delete(
    '/lexicons/:id',
    {
      schema: {
        summary: 'Delete a lexicon; its creator or the workspace owner only',
        tags: ['lexicons'],
        params: Params,
        response: { 200: Ok, ...errorResponses(404) },
      },
    },
    async (request) => {
      await lexicons.remove(request.caller, request.params.id);
      return { ok: true as const, id: request.params.id, deleted: true as const };
    },
  );
};
