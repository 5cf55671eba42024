import Fastify from 'fastify';

/**
 * The bench's baselines that are servers: bare Fastify (no logger, hooks, auth or schemas) in the
 * bench's own process, answering what the service answers with nothing behind it.
 */

export const FLOOR_PATH = '/floor/ping';
/**
 * Ping's body after this many microseconds of busy CPU (`/floor/spin/<µs>`): what a 0.85 ratio
 * leaves for everything the service adds to bare Fastify (auth, the balance read, rate limit,
 * metrics, headers) on this machine.
 */
export const SPIN_US = [5, 20];

/**
 * Bare Fastify (no logger, hooks, auth or schemas) answering each path with a fixed payload, and
 * `FLOOR_PATH` with ping's body whose balance is read on each request by the service's own store
 * (the read the contract requires: points are never cached), and `/floor/spin/<µs>` with it
 * after `SPIN_US` of busy CPU.
 */
export async function bareFastify(
  payloads: Record<string, unknown>,
  balance: () => Promise<number | undefined>,
): Promise<{ url: string; close(): Promise<unknown> }> {
  const app = Fastify({ logger: false });
  for (const [path, body] of Object.entries(payloads)) app.get(path, async () => body);
  const ping = payloads['/api/v1/ping'] as Record<string, unknown>;
  app.get(FLOOR_PATH, async () => ({ ...ping, points: await balance() }));
  for (const us of SPIN_US) {
    app.get(`/floor/spin/${us}`, async () => {
      const end = performance.now() + us / 1000;
      while (performance.now() < end);
      return ping;
    });
  }
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}

/**
 * Bare Fastify answering `POST /floor/answer/<bytes>` with a JSON body of that many bytes, built once:
 * what moving an answer of that size to the same client costs, with no work behind it.
 */
export async function bareAnswers(): Promise<{ url: string; close(): Promise<unknown> }> {
  const app = Fastify({ logger: false, bodyLimit: 1 << 20 });
  const bodies = new Map<number, Buffer>();
  app.post<{ Params: { bytes: string } }>('/floor/answer/:bytes', async (request, reply) => {
    const bytes = Number(request.params.bytes);
    let body = bodies.get(bytes);
    if (!body) {
      body = Buffer.alloc(bytes, 'A');
      body.write('{"audio_base64":"', 0, 'latin1');
      body.write('"}', bytes - 2, 'latin1');
      bodies.set(bytes, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  });
  const url = await app.listen({ host: '127.0.0.1', port: 0 });
  return { url, close: () => app.close() };
}
