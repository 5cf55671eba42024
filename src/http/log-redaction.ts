import type { FastifyRequest } from 'fastify';

/**
 * Hosted links (`/files/<kind>/<id>/<token>.<ext>`) are bearer secrets: whoever reads the URL
 * can fetch the audio. The third segment under /files/ is always that token, so it is replaced
 * whatever it looks like; the kind, id and extension stay so a log line still says what was hit.
 */
const HOSTED_LINK = /^(\/files\/[^/?#]*\/[^/?#]*\/)[^/?#.]*/;

export function redactUrl(url: string): string {
  return url.replace(HOSTED_LINK, '$1[redacted]');
}

/** Fastify's default `req` serializer, with the hosted-link token taken out of `url`. */
export function requestSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket ? req.socket.remotePort : undefined,
  };
}
