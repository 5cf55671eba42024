/**
 * Piper's exported VITS graphs output only the audio, but they compute every input id's duration on
 * the way: `w_ceil = ceil(exp(logw) · x_mask · length_scale)`, in frames of 256 samples (the only
 * `Ceil` node of the graph). Upstream Piper (`piper.patch_voice_with_alignment`) exposes it by marking
 * that tensor as a graph output; this does the same on the model's bytes, in memory, without an ONNX
 * library: the graph's nodes are scanned for the `Ceil` node, and one more `graph` field holding just
 * an `output` entry is appended to the ModelProto. Protocol buffers merge a repeated embedded message
 * field into the one already parsed, so onnxruntime sees the original graph with one more output.
 * The file on disk is untouched (its SHA-256 stays the pinned one).
 */

/** Field numbers in onnx.proto3. */
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_OUTPUT = 12;
const NODE_OUTPUT = 2;
const NODE_OP_TYPE = 4;
const VALUE_INFO_NAME = 1;
const VALUE_INFO_TYPE = 2;
const TYPE_TENSOR = 1;
const TENSOR_ELEM_TYPE = 1;
const FLOAT = 1;

const LENGTH_DELIMITED = 2;
const decoder = new TextDecoder();

interface Field {
  number: number;
  wire: number;
  /** For length-delimited fields, the payload's bounds. */
  start: number;
  end: number;
}

function readVarint(bytes: Uint8Array, position: number): [value: number, next: number] {
  let value = 0;
  let scale = 1;
  let p = position;
  for (;;) {
    if (p >= bytes.length) throw new Error('truncated varint');
    const byte = bytes[p++]!;
    value += (byte & 0x7f) * scale;
    if (byte < 0x80) return [value, p];
    scale *= 128;
    if (scale > 2 ** 63) throw new Error('varint too long');
  }
}

/** The fields of one message, in order (payloads are not copied). */
function* fields(bytes: Uint8Array, start = 0, end = bytes.length): Generator<Field> {
  let p = start;
  while (p < end) {
    const [key, afterKey] = readVarint(bytes, p);
    const wire = key % 8;
    const number = Math.floor(key / 8);
    if (wire === 0) {
      p = readVarint(bytes, afterKey)[1];
      yield { number, wire, start: afterKey, end: p };
    } else if (wire === 1 || wire === 5) {
      p = afterKey + (wire === 1 ? 8 : 4);
      yield { number, wire, start: afterKey, end: p };
    } else if (wire === LENGTH_DELIMITED) {
      const [length, payload] = readVarint(bytes, afterKey);
      p = payload + length;
      if (p > end) throw new Error('field runs past its message');
      yield { number, wire, start: payload, end: p };
    } else {
      throw new Error(`unsupported wire type ${wire}`);
    }
  }
}

function text(bytes: Uint8Array, field: Field): string {
  return decoder.decode(bytes.subarray(field.start, field.end));
}

/** The name of the single `Ceil` node's output, and whether the graph already outputs it. */
export function findDurationsTensor(model: Uint8Array): { name: string; isOutput: boolean } | null {
  const ceilOutputs = new Set<string>();
  const outputs = new Set<string>();
  for (const graph of fields(model)) {
    if (graph.number !== MODEL_GRAPH || graph.wire !== LENGTH_DELIMITED) continue;
    for (const field of fields(model, graph.start, graph.end)) {
      if (field.wire !== LENGTH_DELIMITED) continue;
      if (field.number === GRAPH_NODE) {
        let op = '';
        const nodeOutputs: string[] = [];
        for (const part of fields(model, field.start, field.end)) {
          if (part.wire !== LENGTH_DELIMITED) continue;
          if (part.number === NODE_OP_TYPE) op = text(model, part);
          else if (part.number === NODE_OUTPUT) nodeOutputs.push(text(model, part));
        }
        if (op === 'Ceil') for (const name of nodeOutputs) ceilOutputs.add(name);
      } else if (field.number === GRAPH_OUTPUT) {
        for (const part of fields(model, field.start, field.end)) {
          if (part.number !== VALUE_INFO_NAME || part.wire !== LENGTH_DELIMITED) continue;
          outputs.add(text(model, part));
        }
      }
    }
  }
  // Not a Piper-like graph (none, or several candidates): leave it alone.
  if (ceilOutputs.size !== 1) return null;
  const name = [...ceilOutputs][0]!;
  return { name, isOutput: outputs.has(name) };
}

function varint(value: number): number[] {
  const out: number[] = [];
  let rest = value;
  while (rest >= 0x80) {
    out.push((rest % 0x80) | 0x80);
    rest = Math.floor(rest / 0x80);
  }
  out.push(rest);
  return out;
}

function message(number: number, payload: readonly number[]): number[] {
  return [...varint(number * 8 + LENGTH_DELIMITED), ...varint(payload.length), ...payload];
}

/**
 * The model with its durations tensor as an extra output, and that output's name; the model as it
 * is (and null) when the graph has no single `Ceil` node or already outputs it.
 */
export function withDurationsOutput(model: Uint8Array): { model: Uint8Array; output: string | null } {
  let found: ReturnType<typeof findDurationsTensor>;
  try {
    found = findDurationsTensor(model);
  } catch {
    return { model, output: null };
  }
  if (found === null) return { model, output: null };
  if (found.isOutput) return { model, output: found.name };
  const name = [...new TextEncoder().encode(found.name)];
  // ValueInfoProto { name, type: TypeProto { tensor_type: { elem_type: FLOAT } } }
  const type = message(TYPE_TENSOR, [TENSOR_ELEM_TYPE * 8, FLOAT]);
  const valueInfo = [...message(VALUE_INFO_NAME, name), ...message(VALUE_INFO_TYPE, type)];
  const extra = Uint8Array.from(message(MODEL_GRAPH, message(GRAPH_OUTPUT, valueInfo)));
  const patched = new Uint8Array(model.length + extra.length);
  patched.set(model, 0);
  patched.set(extra, model.length);
  return { model: patched, output: found.name };
}
