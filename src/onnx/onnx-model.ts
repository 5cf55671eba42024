import {
  concatBytes,
  decodeString,
  type Field,
  fields,
  lengthField,
  lengthHead,
  ProtobufError,
  stringField,
  varintField,
  WIRE_LENGTH,
  WIRE_VARINT,
} from './protobuf.js';

/**
 * A view of an ONNX model's main graph (onnx/onnx.proto field numbers): its nodes, inputs, outputs
 * and initializers as views into the file, and a writer for an edited graph. Everything not edited
 * is copied byte for byte. Enough to rewrite kokoro-onnx's quantized export (prepare.ts).
 */

// ModelProto.graph; GraphProto.node / initializer / input / output; NodeProto.input / output / name
// / op_type / attribute / domain; AttributeProto.name / i; ValueInfoProto.name / type;
// TypeProto.tensor_type; TypeProto.Tensor.elem_type; TensorProto.name.
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
const GRAPH_INITIALIZER = 5;
const GRAPH_INPUT = 11;
const GRAPH_OUTPUT = 12;
const NODE_INPUT = 1;
const NODE_OUTPUT = 2;
const NODE_NAME = 3;
const NODE_OP_TYPE = 4;
const NODE_ATTRIBUTE = 5;
const NODE_DOMAIN = 7;
const ATTRIBUTE_NAME = 1;
const ATTRIBUTE_INT = 3;
const ATTRIBUTE_TYPE = 20;
const VALUE_INFO_NAME = 1;
const VALUE_INFO_TYPE = 2;
const TYPE_TENSOR = 1;
const TENSOR_ELEM_TYPE = 1;
const TENSOR_NAME = 8;

/** ONNX TensorProto.DataType values. */
export const OnnxDataType = { float: 1, uint8: 2, int8: 3, int32: 6, int64: 7 } as const;

export interface OnnxNode {
  opType: string;
  domain: string;
  name: string;
  inputs: string[];
  outputs: string[];
  /** Integer attributes (e.g. Cast's `to`); other kinds are only kept raw. */
  ints: Map<string, number>;
  /** Each AttributeProto as stored, to copy onto a replacement node. */
  attributes: Uint8Array[];
}

export interface OnnxGraph {
  nodes: OnnxNode[];
  inputs: string[];
  outputs: string[];
  /** Initializer TensorProtos by name, as stored. */
  initializers: Map<string, Uint8Array>;
}

function locateGraph(model: Uint8Array): Field {
  let graph: Field | null = null;
  for (const f of fields(model)) {
    if (f.field !== MODEL_GRAPH) continue;
    if (f.wire !== WIRE_LENGTH || graph !== null) throw new ProtobufError('unexpected ModelProto.graph');
    graph = f;
  }
  if (graph === null) throw new ProtobufError('the model has no graph');
  return graph;
}

function readNode(data: Uint8Array): OnnxNode {
  const node: OnnxNode = {
    opType: '',
    domain: '',
    name: '',
    inputs: [],
    outputs: [],
    ints: new Map(),
    attributes: [],
  };
  for (const f of fields(data)) {
    if (f.wire !== WIRE_LENGTH) continue;
    if (f.field === NODE_INPUT) node.inputs.push(decodeString(f.bytes));
    else if (f.field === NODE_OUTPUT) node.outputs.push(decodeString(f.bytes));
    else if (f.field === NODE_NAME) node.name = decodeString(f.bytes);
    else if (f.field === NODE_OP_TYPE) node.opType = decodeString(f.bytes);
    else if (f.field === NODE_DOMAIN) node.domain = decodeString(f.bytes);
    else if (f.field === NODE_ATTRIBUTE) {
      node.attributes.push(f.bytes);
      let name = '';
      let value: number | null = null;
      for (const a of fields(f.bytes)) {
        if (a.field === ATTRIBUTE_NAME && a.wire === WIRE_LENGTH) name = decodeString(a.bytes);
        else if (a.field === ATTRIBUTE_INT && a.wire === WIRE_VARINT) value = a.value;
      }
      if (value !== null) node.ints.set(name, value);
    }
  }
  return node;
}

/** The `name` (field 1 of ValueInfoProto, field 8 of TensorProto) of a message. */
function nameOf(data: Uint8Array, field: number): string {
  for (const f of fields(data)) if (f.field === field && f.wire === WIRE_LENGTH) return decodeString(f.bytes);
  return '';
}

/** The main graph. Throws ProtobufError if malformed. */
export function readOnnxGraph(model: Uint8Array): OnnxGraph {
  const out: OnnxGraph = { nodes: [], inputs: [], outputs: [], initializers: new Map() };
  for (const f of fields(locateGraph(model).bytes)) {
    if (f.wire !== WIRE_LENGTH) continue;
    if (f.field === GRAPH_NODE) out.nodes.push(readNode(f.bytes));
    else if (f.field === GRAPH_INPUT) out.inputs.push(nameOf(f.bytes, VALUE_INFO_NAME));
    else if (f.field === GRAPH_OUTPUT) out.outputs.push(nameOf(f.bytes, VALUE_INFO_NAME));
    else if (f.field === GRAPH_INITIALIZER) out.initializers.set(nameOf(f.bytes, TENSOR_NAME), f.bytes);
  }
  return out;
}

export interface NewNode {
  opType: string;
  name: string;
  inputs: readonly string[];
  outputs: readonly string[];
  domain?: string;
  attributes?: readonly Uint8Array[];
}

/** A graph input or output to add. */
export interface NewValue {
  name: string;
  /** OnnxDataType value; the shape is left unspecified. */
  elemType: number;
}

/** A node's integer attribute (AttributeProto of type INT), e.g. Cast's `to` or Gather's `axis`. */
export function intAttribute(name: string, value: number): Uint8Array {
  return concatBytes([stringField(ATTRIBUTE_NAME, name), varintField(ATTRIBUTE_INT, value), varintField(ATTRIBUTE_TYPE, 2)]);
}

export function encodeNode(node: NewNode): Uint8Array {
  return concatBytes([
    ...node.inputs.map((name) => stringField(NODE_INPUT, name)),
    ...node.outputs.map((name) => stringField(NODE_OUTPUT, name)),
    stringField(NODE_NAME, node.name),
    stringField(NODE_OP_TYPE, node.opType),
    ...(node.attributes ?? []).map((a) => lengthField(NODE_ATTRIBUTE, a)),
    ...(node.domain ? [stringField(NODE_DOMAIN, node.domain)] : []),
  ]);
}

export interface GraphEdit {
  /**
   * What becomes of node `index` (file order): undefined keeps it, null drops it, a list puts those
   * nodes in its place (keep the order topological).
   */
  node?: (index: number) => readonly NewNode[] | null | undefined;
  /** Whether an initializer stays; default all. */
  keepInitializer?: (name: string) => boolean;
  /** Encoded TensorProtos added as initializers. */
  initializers?: readonly Uint8Array[];
  /** Nodes appended after all others. */
  appendNodes?: readonly NewNode[];
  /** Graph inputs added after the model's own (fed by name, like them). */
  inputs?: readonly NewValue[];
  outputs?: readonly NewValue[];
}

/**
 * The edited model as byte chunks to write in order (large initializers are not copied into one
 * buffer). Fields the edit does not touch keep their bytes and order.
 */
export function editOnnxModel(model: Uint8Array, edit: GraphEdit): Uint8Array[] {
  const graph = locateGraph(model);
  const parts: Uint8Array[] = [];
  let nodeIndex = 0;
  for (const f of fields(graph.bytes)) {
    const whole = graph.bytes.subarray(f.start, f.end);
    if (f.field === GRAPH_NODE && f.wire === WIRE_LENGTH) {
      const replaced = edit.node?.(nodeIndex);
      nodeIndex += 1;
      if (replaced === undefined) parts.push(whole);
      else if (replaced !== null) for (const n of replaced) parts.push(lengthField(GRAPH_NODE, encodeNode(n)));
    } else if (f.field === GRAPH_INITIALIZER && f.wire === WIRE_LENGTH && edit.keepInitializer) {
      if (edit.keepInitializer(nameOf(f.bytes, TENSOR_NAME))) parts.push(whole);
    } else {
      parts.push(whole);
    }
  }
  for (const tensor of edit.initializers ?? []) parts.push(lengthHead(GRAPH_INITIALIZER, tensor.length), tensor);
  for (const node of edit.appendNodes ?? []) parts.push(lengthField(GRAPH_NODE, encodeNode(node)));
  const valueInfo = (field: number, value: NewValue) => {
    const type = lengthField(TYPE_TENSOR, varintField(TENSOR_ELEM_TYPE, value.elemType));
    return lengthField(field, concatBytes([stringField(VALUE_INFO_NAME, value.name), lengthField(VALUE_INFO_TYPE, type)]));
  };
  for (const input of edit.inputs ?? []) parts.push(valueInfo(GRAPH_INPUT, input));
  for (const output of edit.outputs ?? []) parts.push(valueInfo(GRAPH_OUTPUT, output));
  const graphLength = parts.reduce((sum, p) => sum + p.length, 0);
  return [
    model.subarray(0, graph.start),
    lengthHead(MODEL_GRAPH, graphLength),
    ...parts,
    model.subarray(graph.end),
  ];
}
