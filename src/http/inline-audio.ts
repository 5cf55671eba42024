import type { FastifyReply } from 'fastify';

/**
 * A 200 answer whose one large field is audio inline as a base64 data URI (`POST /api/v1/tts`'s
 * `audio_base64`), built as bytes: the route's response schema serializes everything else (with
 * the field empty), and the base64 goes between its quotes. Base64 and the data URI's prefix need
 * no JSON escaping. Serialized as one string, two minutes of WAV (7.7 MB of base64) were scanned
 * for escapes by the serializer, then again for Content-Length and once more to encode the string
 * for the socket.
 */
export function jsonWithInlineAudio(
  reply: FastifyReply,
  body: Record<string, unknown>,
  field: string,
  audio: { data: Buffer; mimeType: string },
): Buffer {
  const json = reply.serializeInput({ ...body, [field]: '' }, '200') as string;
  const empty = `"${field}":""`;
  // Fields serialize in schema order and ids come before the audio: the first match is the field.
  const at = json.indexOf(empty);
  if (at < 0) throw new Error(`the response schema has no string field ${field}`);
  const open = at + empty.length - 1;
  const base64 = audio.data.toString('base64');
  return Buffer.concat([
    Buffer.from(`${json.slice(0, open)}data:${audio.mimeType};base64,`),
    Buffer.from(base64, 'latin1'),
    Buffer.from(json.slice(open)),
  ]);
}
