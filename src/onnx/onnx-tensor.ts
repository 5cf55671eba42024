import { OnnxDataType } from './onnx-model.js';
import {
  concatBytes,
  decodeString,
  fields,
  lengthHead,
  packedInt32s,
  ProtobufError,
  stringField,
  varintField,
  WIRE_FIXED32,
  WIRE_LENGTH,
  WIRE_VARINT,
} from './protobuf.js';

/**
 * ONNX TensorProto initializers: reading the numeric ones a quantized export uses (float32, int8,
 * uint8, int32; from `raw_data` or the typed fields) and encoding float32 ones.
 */

// TensorProto.dims / data_type / float_data / int32_data / name / raw_data.
const TENSOR_DIMS = 1;
const TENSOR_DATA_TYPE = 2;
const TENSOR_FLOAT_DATA = 4;
const TENSOR_INT32_DATA = 5;
const TENSOR_NAME = 8;
const TENSOR_RAW_DATA = 9;

export interface NumericTensor {
  name: string;
  dataType: number;
  dims: number[];
  /** The elements, row-major. */
  values: Float32Array;
}

const READABLE_TYPES: Record<number, true> = {
  [OnnxDataType.float]: true,
  [OnnxDataType.uint8]: true,
  [OnnxDataType.int8]: true,
  [OnnxDataType.int32]: true,
};

function rawValues(dataType: number, raw: Uint8Array): Float32Array {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  if (dataType === OnnxDataType.float) {
    const out = new Float32Array(raw.byteLength / 4);
    for (let i = 0; i < out.length; i += 1) out[i] = view.getFloat32(i * 4, true);
    return out;
  }
  if (dataType === OnnxDataType.uint8) return Float32Array.from(raw);
  if (dataType === OnnxDataType.int8) return Float32Array.from(new Int8Array(raw.buffer, raw.byteOffset, raw.byteLength));
  if (dataType === OnnxDataType.int32) {
    const out = new Float32Array(raw.byteLength / 4);
    for (let i = 0; i < out.length; i += 1) out[i] = view.getInt32(i * 4, true);
    return out;
  }
  throw new ProtobufError(`tensor data type ${dataType} is not read here`);
}

/** Reads an initializer; throws ProtobufError for types other than float32/int8/uint8/int32. */
export function readTensor(data: Uint8Array): NumericTensor {
  let name = '';
  let dataType = 0;
  const dims: number[] = [];
  let raw: Uint8Array | null = null;
  const typed: number[] = [];
  for (const f of fields(data)) {
    if (f.field === TENSOR_NAME && f.wire === WIRE_LENGTH) name = decodeString(f.bytes);
    else if (f.field === TENSOR_DATA_TYPE && f.wire === WIRE_VARINT) dataType = f.value;
    else if (f.field === TENSOR_DIMS && f.wire === WIRE_VARINT) dims.push(f.value);
    else if (f.field === TENSOR_DIMS && f.wire === WIRE_LENGTH) dims.push(...packedInt32s(f.bytes));
    else if (f.field === TENSOR_RAW_DATA && f.wire === WIRE_LENGTH) raw = f.bytes;
    else if (f.field === TENSOR_INT32_DATA && f.wire === WIRE_LENGTH) typed.push(...packedInt32s(f.bytes));
    else if (f.field === TENSOR_INT32_DATA && f.wire === WIRE_VARINT) typed.push(f.value | 0);
    else if (f.field === TENSOR_FLOAT_DATA && f.wire === WIRE_LENGTH) {
      const view = new DataView(f.bytes.buffer, f.bytes.byteOffset, f.bytes.byteLength);
      for (let i = 0; i + 4 <= f.bytes.byteLength; i += 4) typed.push(view.getFloat32(i, true));
    } else if (f.field === TENSOR_FLOAT_DATA && f.wire === WIRE_FIXED32) {
      typed.push(new DataView(data.buffer, data.byteOffset + f.end - 4, 4).getFloat32(0, true));
    }
  }
  const values = raw !== null ? rawValues(dataType, raw) : Float32Array.from(typed);
  if (!(dataType in READABLE_TYPES)) throw new ProtobufError(`tensor ${name}: data type ${dataType} is not read here`);
  const count = dims.reduce((a, b) => a * b, 1);
  if (values.length !== count) throw new ProtobufError(`tensor ${name}: ${values.length} values for ${count}`);
  return { name, dataType, dims, values };
}

/** A float32 TensorProto with `raw_data` (little-endian). */
export function encodeFloatTensor(name: string, dims: readonly number[], values: Float32Array): Uint8Array {
  const raw = new Uint8Array(values.length * 4);
  const view = new DataView(raw.buffer);
  for (let i = 0; i < values.length; i += 1) view.setFloat32(i * 4, values[i]!, true);
  return encodeRawTensor(name, dims, OnnxDataType.float, raw);
}

/** An int64 TensorProto with `raw_data` (an initializer such as an index or a shape). */
export function encodeInt64Tensor(name: string, dims: readonly number[], values: readonly number[]): Uint8Array {
  const raw = new Uint8Array(values.length * 8);
  const view = new DataView(raw.buffer);
  for (let i = 0; i < values.length; i += 1) view.setBigInt64(i * 8, BigInt(values[i]!), true);
  return encodeRawTensor(name, dims, OnnxDataType.int64, raw);
}

function encodeRawTensor(name: string, dims: readonly number[], dataType: number, raw: Uint8Array): Uint8Array {
  return concatBytes([
    ...dims.map((d) => varintField(TENSOR_DIMS, d)),
    varintField(TENSOR_DATA_TYPE, dataType),
    stringField(TENSOR_NAME, name),
    lengthHead(TENSOR_RAW_DATA, raw.length),
    raw,
  ]);
}
