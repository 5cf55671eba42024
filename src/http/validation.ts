import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { AppError, type ErrorCode } from '../errors.js';

const common = {
  allErrors: false,
  strict: false,
  // verbose keeps the failing schema on each error: messages name allowed values and limits.
  verbose: true,
  useDefaults: true,
  // 0.15 / 0.05 is 2.9999999999999996 in floating point: compare step multiples to 9 digits.
  multipleOfPrecision: 9,
} as const;

/** Bodies are JSON and keep their types: "1.0" is not a number. */
const bodyAjv = new Ajv({ ...common, coerceTypes: false });
/** Query strings and path params arrive as text: coerce `limit=10` to 10. */
const textAjv = new Ajv({ ...common, coerceTypes: 'array' });
for (const ajv of [bodyAjv, textAjv]) {
  ajv.addKeyword({ keyword: 'x-too-large', schemaType: 'string' });
  ajv.addKeyword({ keyword: 'x-malformed', schemaType: 'string' });
}

export const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart === 'body') return bodyAjv.compile(schema as object) as ReturnType<FastifySchemaCompiler<unknown>>;
  return strictTextNumbers(schema as Record<string, unknown>, textAjv.compile(schema as object));
};

/** Whole numbers in a query string or path: plain decimal digits, no sign on zero. */
const INTEGER_TEXT = /^(0|-?[1-9][0-9]*)$/;

/**
 * Ajv's coercion takes any text JavaScript reads as a number: "Infinity" and "1e309" become
 * Infinity (Infinity % 1 is NaN, which passes its integer test), "-0" passes `minimum: 0`, and
 * "0x10" is 16. Those reached the handlers and answered 500 (docs/reliability.md F6). Integer
 * fields of a query or path must therefore be written in plain digits and be safe integers
 * before Ajv sees them; anything else is the usual 422.
 */
function strictTextNumbers(schema: Record<string, unknown>, validate: ValidateFunction): ValidateFunction {
  const properties = (schema['properties'] ?? {}) as Record<string, { type?: unknown }>;
  const integers = Object.keys(properties).filter((name) => properties[name]?.type === 'integer');
  if (integers.length === 0) return validate;
  const checked = ((data: unknown) => {
    const record = (data ?? {}) as Record<string, unknown>;
    for (const name of integers) {
      const raw = record[name];
      const text = Array.isArray(raw) && raw.length === 1 ? raw[0] : raw;
      if (typeof text !== 'string') continue; // absent, or several values: Ajv's own type error
      if (!INTEGER_TEXT.test(text) || !Number.isSafeInteger(Number(text))) {
        checked.errors = [
          {
            keyword: 'integerText',
            instancePath: `/${name}`,
            schemaPath: `#/properties/${name}/type`,
            params: {},
            message: 'must be a whole number written in plain digits',
          },
        ];
        return false;
      }
    }
    const ok = validate(data);
    checked.errors = validate.errors ?? null;
    return ok;
  }) as ValidateFunction;
  return checked;
}

/** Required body fields whose absence has a code of its own in the spec. */
const MISSING_CODES: Record<string, ErrorCode> = {
  text: 'missing_text',
  // `input` is the text field of the OpenAI-compatible speech route.
  input: 'missing_text',
  voice: 'missing_voice',
  name: 'missing_name',
  prompt: 'missing_prompt',
  samples: 'missing_samples',
  preview_id: 'missing_preview_id',
  language: 'missing_language',
};

/**
 * Turns the first Ajv error into the contract's error: a missing field is 400 with its own
 * code, a too-long text or sample is 413 (the schema marks those fields with `x-too-large`),
 * a field marked `x-malformed` (the voice listing's filters) is 400 `bad_request` whatever is
 * wrong with it, the marker saying what it should look like; anything else out of range is 422.
 */
export function validationToAppError(errors: ErrorObject[], part: string): AppError {
  // A union (anyOf) reports each branch's failure before its own: the union's error says it best.
  const last = errors.at(-1);
  const error =
    errors.find((e) => e.keyword === 'required') ??
    (last && (last.keyword === 'anyOf' || last.keyword === 'oneOf') ? last : errors[0]);
  if (!error) return new AppError('validation_error', `Invalid ${part}`);
  const where = fieldName(error.instancePath, part);

  if (error.keyword === 'required') {
    const field = String((error.params as { missingProperty: string }).missingProperty);
    const full = error.instancePath ? `${where}.${field}` : field;
    return new AppError(MISSING_CODES[field] && !error.instancePath ? MISSING_CODES[field] : 'missing_field', `${full} is required`, {
      param: full,
    });
  }
  if (error.instancePath === '' && error.keyword === 'type' && part === 'body') {
    return new AppError('invalid_json', 'The request body must be a JSON object');
  }
  const malformed = (error.parentSchema as Record<string, unknown> | undefined)?.['x-malformed'];
  if (typeof malformed === 'string') {
    return new AppError('bad_request', `${where} must be ${malformed}`);
  }
  const tooLarge = (error.parentSchema as Record<string, unknown> | undefined)?.['x-too-large'];
  if (error.keyword === 'maxLength' && typeof tooLarge === 'string') {
    const limit = (error.params as { limit: number }).limit;
    return new AppError(tooLarge as ErrorCode, `${where} must be at most ${limit.toLocaleString('en-US')} characters`, {
      param: where,
    });
  }
  return new AppError('validation_error', `${where} ${describe(error)}`, error.instancePath ? { param: where } : {});
}

function fieldName(instancePath: string, part: string): string {
  if (!instancePath) return part;
  return instancePath
    .slice(1)
    .split('/')
    .map((p) => (/^\d+$/.test(p) ? `[${p}]` : p))
    .join('.')
    .replace(/\.\[/g, '[');
}

function describe(error: ErrorObject): string {
  const p = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${String(p['comparison'])} ${String(p['limit'])}`;
    case 'multipleOf':
      return `must be a multiple of ${String(p['multipleOf'])}`;
    case 'enum':
      return `must be one of ${(p['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    case 'type':
      return `must be ${String(p['type'])}`;
    case 'minLength':
      return `must be at least ${String(p['limit'])} characters`;
    case 'maxLength':
      return `must be at most ${String(p['limit'])} characters`;
    case 'maxItems':
      return `must have at most ${String(p['limit'])} items`;
    case 'minItems':
      return `must have at least ${String(p['limit'])} items`;
    case 'anyOf':
    case 'oneOf':
      return describeUnion(error);
    default:
      return error.message ?? 'is invalid';
  }
}

/** Names the accepted values of a union of constants (e.g. `captions`). */
function describeUnion(error: ErrorObject): string {
  const branches = ((error.schema as unknown[]) ?? []) as Array<Record<string, unknown>>;
  const names = branches.map((b) => (b['const'] !== undefined ? JSON.stringify(b['const']) : String(b['type'] ?? '?')));
  return names.length > 0 ? `must be ${names.join(' or ')}` : 'has an invalid value';
}

/**
 * The first string in a parsed JSON body that holds U+0000, as a field path, or null. PostgreSQL
 * text cannot store NUL (the insert fails), so routes that keep what they are sent refuse it up
 * front (found by Schemathesis: a design prompt with NUL answered 500 on PostgreSQL). `skip`:
 * fields of this object left unread (the nested calls skip nothing).
 */
export function fieldWithNul(value: unknown, where = 'body', skip: readonly string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? where : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = fieldWithNul(item, `${where}[${i}]`);
      if (found) return found;
    }
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (skip.includes(key)) continue;
      const found = fieldWithNul(item, where === 'body' ? key : `${where}.${key}`);
      if (found) return found;
    }
  }
  return null;
}

/**
 * A preValidation hook refusing bodies with NUL characters: 400 `bad_request` naming the field.
 * `spoken` names top-level fields that are only ever spoken, never stored or looked up: there NUL
 * stays a character that makes no sound (docs/reliability.md, F9), so it is not refused.
 */
export function nulRefusal(spoken: readonly string[] = []): (request: { body: unknown }) => Promise<void> {
  return async (request) => {
    const field = fieldWithNul(request.body, 'body', spoken);
    if (field) throw new AppError('bad_request', `${field} must not contain NUL characters (U+0000)`, { param: field });
  };
}

/** `nulRefusal` for bodies that are all kept or looked up. */
export const refuseNul = nulRefusal();
