import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyInstance } from 'fastify';
import type { DestinationStream } from 'pino';
import type { Container } from './container.js';
import { AppError } from './errors.js';
import { randomToken } from './ids.js';
import { requestSerializer } from './http/log-redaction.js';
import { registerApiAuth } from './http/plugins/auth.js';
import { documentResponseHeaders } from './http/response-headers.js';
import { registerErrorHandling, routeTable, sendError } from './http/plugins/errors.js';
import { registerIdempotency } from './http/plugins/idempotency.js';
import { registerMetrics } from './http/plugins/metrics.js';
import { MAX_URL_BYTES, clientErrorHandler, frameworkErrors, onCheckExpectation } from './http/plugins/framework-errors.js';
import { adminRoutes } from './http/routes/admin/admin.js';
import { elevenLabsRoutes } from './http/routes/elevenlabs/index.js';
import { openAiRoutes } from './http/routes/openai/index.js';
import { fileRoutes } from './http/routes/files.js';
import { healthRoutes } from './http/routes/health.js';
import { registerStudio } from './http/routes/studio.js';
import { accountRoutes } from './http/routes/v1/account.js';
import { modelRoutes } from './http/routes/v1/models.js';
import { ttsStreamRoutes } from './http/routes/v1/tts-stream.js';
import { ttsSocketRoutes } from './http/routes/v1/tts-ws.js';
import { ttsRoutes } from './http/routes/v1/tts.js';
import { voiceRoutes } from './http/routes/v1/voices.js';
import { lexiconRoutes } from './http/routes/v1/lexicons.js';
import { sharedSchemas } from './http/schemas.js';
import { validatorCompiler } from './http/validation.js';

export interface AppOptions {
  /** false for no logs, or a level and optionally where to write (tests capture lines). */
  logger?: false | { level: string; stream?: DestinationStream };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * Request ids only need to be unique, not secret: a random per-process prefix and a counter
 * (16 random bytes per request cost 2 % of CPU on GET /api/v1/ping under load).
 */
const PROCESS_PREFIX = randomToken(10);
const COUNTER_SPAN = 36 ** 6; // six base36 digits: ids stay req_ + 16 characters
let requestCounter = 0;
const nextRequestId = () => {
  requestCounter = (requestCounter + 1) % COUNTER_SPAN;
  return `req_${PROCESS_PREFIX}${requestCounter.toString(36).padStart(6, '0')}`;
};

/** Builds the HTTP app around a container. Never listens: `main.ts` and the tests do that. */
export async function buildApp(deps: Container, options: AppOptions = {}): Promise<FastifyInstance> {
  const { config } = deps;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: options.logger?.level ?? config.logLevel,
            ...(options.logger?.stream ? { stream: options.logger.stream } : {}),
            // Keys never reach the logs, whatever a serializer change might add later.
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["xi-api-key"]'],
            // Hosted-link tokens never reach them either.
            serializers: { req: requestSerializer as never },
          },
    bodyLimit: config.bodyLimitBytes,
    // F5 (docs/reliability.md): a client sending its request slowly holds a socket only this long.
    requestTimeout: config.timeouts.requestMs,
    connectionTimeout: config.timeouts.idleMs,
    keepAliveTimeout: config.timeouts.keepAliveMs,
    http: {
      headersTimeout: config.timeouts.headersMs,
      // Node enforces the two timeouts above on this tick (default 30 s); a quarter of the shorter
      // keeps the overshoot small without scanning the connections more than 10 times a second.
      connectionsCheckingInterval: Math.min(30_000, Math.max(100, Math.floor(Math.min(config.timeouts.headersMs, config.timeouts.requestMs) / 4))),
    },
    // A caller's own request id is kept when it is safe to log; otherwise we make one.
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : nextRequestId();
    },
    // Our onRequest hook answers while closing, so that 503 has the contract's error shape.
    return503OnClosing: false,
    frameworkErrors,
    clientErrorHandler,
    forceCloseConnections: 'idle',
    ajv: { customOptions: { strict: false } },
  }).withTypeProvider<TypeBoxTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  // Node answers an unmet `Expect` itself unless someone listens; we listen to shape the body.
  app.server.on('checkExpectation', onCheckExpectation);
  // While shutting down, answers to in-flight requests close their connection, so a
  // keep-alive client cannot hold the process open until its idle timeout.
  let closing = false;
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    if (closing) {
      reply.header('Connection', 'close');
      return sendError(reply, new AppError('service_unavailable', 'The server is shutting down; retry shortly'));
    }
    if (request.url.length > MAX_URL_BYTES) {
      return sendError(reply, new AppError('uri_too_long', `The URL is too long; keep it under ${MAX_URL_BYTES} bytes`));
    }
    // No id, token or filter holds NUL, and PostgreSQL refuses it in a query parameter (a 500
    // Schemathesis found on PostgreSQL): refuse %00 in the path or query string up front.
    if (/%00/.test(request.url)) {
      return sendError(reply, new AppError('bad_request', 'The URL must not contain NUL characters (%00)'));
    }
  });
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (request, reply) => {
    // An answer given before the body arrived (401, 413, …) closes the connection: otherwise Node
    // keeps reading, and discarding, whatever a slow client still sends, for as long as it sends (F5).
    if (closing || !request.raw.complete) reply.header('Connection', 'close');
  });

  const allowedMethods = routeTable(app);
  registerErrorHandling(app, allowedMethods);
  for (const schema of sharedSchemas) app.addSchema(schema);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'voicelib API',
        version: '1.0.0',
        description:
          'Self-hosted speech generation and voice library. Authenticate with "Authorization: Bearer <API key>". ' +
          'Errors are { "error": { "code", "message" } }.',
      },
      servers: [{ url: config.publicBaseUrl }],
      components: { securitySchemes: { apiKey: { type: 'http', scheme: 'bearer' } } },
      security: [{ apiKey: [] }],
    },
    transform: documentResponseHeaders,
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json['$id'] ?? `def-${i}`) },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/api/v1/openapi.json' } as never });

  // WebSocket routes (ElevenLabs' stream-input). Registered on the root, before any scope's hooks, so an
  // upgrade refused by a hook (401) still has its socket destroyed after the answer.
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });

  registerMetrics(app, deps.metrics, config.metricsToken);
  await app.register(healthRoutes, { database: deps.database });
  await registerStudio(app);
  await app.register(fileRoutes, {
    generations: deps.generations,
    designs: deps.designs,
    library: deps.library,
    blobs: deps.blobs,
  });

  await app.register(
    async (v1) => {
      registerApiAuth(v1, deps);
      registerIdempotency(v1, deps);
      v1.get(
        '/openapi.json',
        { config: { public: true }, schema: { hide: true } },
        async () => app.swagger(),
      );
      await v1.register(accountRoutes, { accounts: deps.accounts });
      await v1.register(modelRoutes);
      await v1.register(ttsRoutes, { generations: deps.generations, baseUrl: config.publicBaseUrl });
      await v1.register(ttsStreamRoutes, { generations: deps.generations });
      await v1.register(ttsSocketRoutes, {
        generations: deps.generations,
        accounts: deps.accounts,
        socketTokens: deps.socketTokens,
        rateLimiter: deps.rateLimiter,
        requestsPerMinute: config.rateLimit.requestsPerMinute,
      });
      await v1.register(voiceRoutes, { library: deps.library, languages: deps.languages, clones: deps.clones, designs: deps.designs });
      await v1.register(lexiconRoutes, { lexicons: deps.lexicons });
    },
    { prefix: '/api/v1' },
  );

  // OpenAI- and ElevenLabs-compatible speech: same keys, rate limits, points and records, their shapes.
  await app.register(
    async (compatible) => {
      registerApiAuth(compatible, deps, { xiApiKey: true });
      await compatible.register(openAiRoutes, { generations: deps.generations });
      await compatible.register(elevenLabsRoutes, {
        generations: deps.generations,
        accounts: deps.accounts,
        library: deps.library,
        clones: deps.clones,
        designs: deps.designs,
      });
    },
    { prefix: '/v1' },
  );

  if (config.adminToken) {
    await app.register(adminRoutes, { prefix: '/admin/v1', accounts: deps.accounts, adminToken: config.adminToken });
  }

  return app;
}
