import {
  concatBytes,
  decodeString,
  type Field,
  fields,
  lengthField,
  ProtobufError,
  stringField,
  varintField,
  WIRE_LENGTH,
  WIRE_VARINT,
} from './protobuf.js';

/**
 * A read view of an ONNX model's main graph (onnx/onnx.proto field numbers) — its nodes, inputs and
 * outputs, never its initializers — and one edit: adding nodes and graph outputs. That is enough to
 * expose a tensor the graph computes anyway (e.g. Kokoro's predicted durations) as an output.
 */

// ModelProto.graph; GraphProto.node / input / output; NodeProto.input / output / name / op_type /
// attribute / domain; AttributeProto.name / i; ValueInfoProto.name / type; TypeProto.tensor_type;
// TypeProto.Tensor.elem_type.
const MODEL_GRAPH = 7;
const GRAPH_NODE = 1;
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
const VALUE_INFO_NAME = 1;
const VALUE_INFO_TYPE = 2;
const TYPE_TENSOR = 1;
const TENSOR_ELEM_TYPE = 1;

/** ONNX TensorProto.DataType values. */
export const OnnxDataType = { float: 1, int32: 6, int64: 7 } as const;

export interface OnnxNode {
  opType: string;
  domain: string;
  name: string;
  inputs: string[];
  outputs: string[];
  /** Integer attributes (e.g. Cast's `to`); other attribute kinds are not read. */
  ints: Map<string, number>;
}

export interface OnnxGraph {
  nodes: OnnxNode[];
  inputs: string[];
  outputs: string[];
}

interface Located {
  graph: Field;
  model: Uint8Array;
}

function locateGraph(model: Uint8Array): Located {
  let graph: Field | null = null;
  for (const f of fields(model)) {
    if (f.field !== MODEL_GRAPH) continue;
    if (f.wire !== WIRE_LENGTH || graph !== null) throw new ProtobufError('unexpected ModelProto.graph');
    graph = f;
  }
  if (graph === null) throw new ProtobufError('the model has no graph');
  return { graph, model };
}

function readNode(data: Uint8Array): OnnxNode {
  const node: OnnxNode = { opType: '', domain: '', name: '', inputs: [], outputs: [], ints: new Map() };
  for (const f of fields(data)) {
    if (f.wire !== WIRE_LENGTH) continue;
    if (f.field === NODE_INPUT) node.inputs.push(decodeString(f.bytes));
    else if (f.field === NODE_OUTPUT) node.outputs.push(decodeString(f.bytes));
    else if (f.field === NODE_NAME) node.name = decodeString(f.bytes);
    else if (f.field === NODE_OP_TYPE) node.opType = decodeString(f.bytes);
    else if (f.field === NODE_DOMAIN) node.domain = decodeString(f.bytes);
    else if (f.field === NODE_ATTRIBUTE) {
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

function valueInfoName(data: Uint8Array): string {
  for (const f of fields(data)) {
    if (f.field === VALUE_INFO_NAME && f.wire === WIRE_LENGTH) return decodeString(f.bytes);
  }
  return '';
}

/** The main graph's nodes (in file order), input and output names. Throws ProtobufError if malformed. */
export function readOnnxGraph(model: Uint8Array): OnnxGraph {
  const { graph } = locateGraph(model);
  const out: OnnxGraph = { nodes: [], inputs: [], outputs: [] };
  for (const f of fields(graph.bytes)) {
    if (f.wire !== WIRE_LENGTH) continue;
    if (f.field === GRAPH_NODE) out.nodes.push(readNode(f.bytes));
    else if (f.field === GRAPH_INPUT) out.inputs.push(valueInfoName(f.bytes));
    else if (f.field === GRAPH_OUTPUT) out.outputs.push(valueInfoName(f.bytes));
  }
  return out;
}

export interface NewNode {
  opType: string;
  name: string;
  inputs: readonly string[];
  outputs: readonly string[];
}

export interface NewOutput {
  name: string;
  /** OnnxDataType value; the shape is left unspecified. */
  elemType: number;
}

/**
 * The model with `nodes` appended to its graph (after every existing node, so the node order stays
 * topological when their inputs already exist) and `outputs` added to the graph's outputs. Every
 * other byte of the model is kept as it was.
 */
export function extendOnnxGraph(
  model: Uint8Array,
  nodes: readonly NewNode[],
  outputs: readonly NewOutput[],
): Uint8Array {
  const { graph } = locateGraph(model);
  const additions = [
    ...nodes.map((node) =>
      lengthField(
        GRAPH_NODE,
        concatBytes([
          ...node.inputs.map((name) => stringField(NODE_INPUT, name)),
          ...node.outputs.map((name) => stringField(NODE_OUTPUT, name)),
          stringField(NODE_NAME, node.name),
          stringField(NODE_OP_TYPE, node.opType),
        ]),
      ),
    ),
    ...outputs.map((output) =>
      lengthField(
        GRAPH_OUTPUT,
        concatBytes([
          stringField(VALUE_INFO_NAME, output.name),
          lengthField(
            VALUE_INFO_TYPE,
            lengthField(TYPE_TENSOR, varintField(TENSOR_ELEM_TYPE, output.elemType)),
          ),
        ]),
      ),
    ),
  ];
  const newGraph = concatBytes([graph.bytes, ...additions]);
  return concatBytes([
    model.subarray(0, graph.start),
    lengthField(MODEL_GRAPH, newGraph),
    model.subarray(graph.end),
  ]);
}
