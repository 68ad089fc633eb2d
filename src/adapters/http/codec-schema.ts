import * as t from 'io-ts';
import type { Schema } from './openapi-schema';

/**
 * The JSON Schema (2020-12, as OpenAPI 3.1 uses it) of an io-ts codec: what the server decodes a body with is what the
 * document says it takes. io-ts codecs are values that keep their parts (`props`, `types`, `keys`, `value`), so the
 * schema is read off them; a refinement is described by its inner type plus what its name promises (the branded
 * strings of domain/events/common.ts), since its predicate is code.
 */
const BRANDS: Readonly<Record<string, Schema>> = {
  IsoDate: { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A date YYYY-MM-DD that exists.' },
  NonEmpty: { type: 'string', pattern: '\\S', description: 'Text that is not only whitespace.' },
  Id: { type: 'string', minLength: 1, maxLength: 200, pattern: '^[^\\s/\\\\][^/\\\\]*$', description: 'An id: 1 to 200 characters, no slash or backslash, no whitespace at either end.' },
  Int: { type: 'integer' },
};

/** Keywords a codec's schema carries beyond what its parts say (a description, `integer` for a number, a date's pattern). */
const ANNOTATIONS = new WeakMap<t.Mixed, Schema>();

/**
 * A copy of `codec` whose schema also carries `keywords`. A copy, because io-ts's primitive codecs (`t.string`,
 * `t.number`) are shared by every codec that uses them; it decodes exactly as `codec` does.
 */
export const annotated = <C extends t.Mixed>(codec: C, keywords: Schema): C => {
  const copy = Object.assign(Object.create(Object.getPrototypeOf(codec) as object) as C, codec);
  ANNOTATIONS.set(copy, { ...ANNOTATIONS.get(codec), ...keywords });
  return copy;
};

/** The codecs that are components of the document, by name: where another codec holds one, its schema is a $ref. */
const COMPONENTS = new WeakMap<t.Mixed, string>();

/** Names `codec` as the document's component `name` (a codec of its own, never a shared primitive). */
export const component = <C extends t.Mixed>(name: string, codec: C): C => {
  COMPONENTS.set(codec, name);
  return codec;
};
export const componentName = (codec: t.Mixed): string | undefined => COMPONENTS.get(codec);

/** The schema of a codec held by another: a $ref when it is a component. */
const partSchema = (c: t.Mixed): Schema => {
  const name = COMPONENTS.get(c);
  return name === undefined ? codecSchema(c) : { $ref: `#/components/schemas/${name}` };
};

/** `codec` with a description in the document. */
export const described = <C extends t.Mixed>(codec: C, description: string): C => annotated(codec, { description });

interface ObjectSchema {
  readonly properties: Record<string, Schema>;
  readonly required: readonly string[];
}

// The `_tag` and parts of io-ts's codec classes (io-ts does not export one type for "any codec with its parts").
type Codec = t.Mixed & {
  readonly _tag?: string;
  readonly props?: Record<string, t.Mixed>;
  readonly types?: readonly t.Mixed[];
  readonly type?: t.Mixed;
  readonly keys?: Record<string, unknown>;
  readonly value?: unknown;
  readonly codomain?: t.Mixed;
};

/** The properties of an object codec (a type, a partial, their exact forms and intersections), or undefined. */
const objectOf = (codec: Codec): ObjectSchema | undefined => {
  switch (codec._tag) {
    case 'InterfaceType':
    case 'StrictType':
    case 'PartialType': {
      const properties = Object.fromEntries(Object.entries(codec.props ?? {}).map(([k, v]) => [k, partSchema(v)]));
      return { properties, required: codec._tag === 'PartialType' ? [] : Object.keys(properties) };
    }
    case 'ExactType':
    case 'ReadonlyType':
      return objectOf(codec.type as Codec);
    case 'IntersectionType': {
      const parts = (codec.types ?? []).map((c) => objectOf(c as Codec));
      if (parts.some((p) => p === undefined)) return undefined;
      return {
        properties: Object.assign({}, ...parts.map((p) => p!.properties)) as Record<string, Schema>,
        required: [...new Set(parts.flatMap((p) => p!.required))],
      };
    }
    // an untagged codec (`new t.Type`) is not an object codec either
    case undefined:
    default:
      return undefined;
  }
};

/** The JSON Schema of `c` itself (the codecs it holds that are components, by $ref). */
export const codecSchema = (c: t.Mixed): Schema => {
  const codec = c as Codec;
  const annotation = ANNOTATIONS.get(codec);
  return annotation === undefined ? partsSchema(codec) : { ...partsSchema(codec), ...annotation };
};

/** The schema of a codec as its parts say it, before its annotations. */
const partsSchema = (codec: Codec): Schema => {
  const object = objectOf(codec);
  if (object !== undefined) return { type: 'object', properties: object.properties, required: object.required, additionalProperties: false };
  switch (codec._tag) {
    case 'StringType':
      return { type: 'string' };
    case 'NumberType':
      return { type: 'number' };
    case 'BooleanType':
      return { type: 'boolean' };
    case 'NullType':
      return { type: 'null' };
    case 'LiteralType':
      return { const: codec.value };
    case 'KeyofType':
      return { enum: Object.keys(codec.keys ?? {}) };
    case 'UnionType': {
      const members = (codec.types ?? []).map(partSchema);
      return members.every((m) => 'const' in m) ? { enum: members.map((m) => m.const) } : { anyOf: members };
    }
    case 'ArrayType':
    case 'ReadonlyArrayType':
      return { type: 'array', items: partSchema(codec.type as t.Mixed) };
    case 'ReadonlyType':
      return partSchema(codec.type as t.Mixed);
    case 'TupleType': {
      const items = (codec.types ?? []).map(partSchema);
      return { type: 'array', prefixItems: items, items: false, minItems: items.length, maxItems: items.length };
    }
    case 'AnyDictionaryType':
      return { type: 'object' };
    case 'UnknownType':
      return {};
    case 'DictionaryType':
      return { type: 'object', additionalProperties: partSchema(codec.codomain as t.Mixed) };
    case 'RefinementType':
      return BRANDS[codec.name] ?? partSchema(codec.type as t.Mixed);
    // a codec made with `new t.Type` carries no tag, so no schema can be read from it
    case undefined:
    default:
      throw new Error(`codecSchema: no JSON Schema for the codec ${codec.name} (${codec._tag ?? 'no _tag'})`);
  }
};

/** The object schema of an object codec, with fields left out, made optional, or added. */
export const objectSchemaOf = (
  c: t.Mixed,
  change: { readonly omit?: readonly string[]; readonly optional?: readonly string[] | 'all-but'; readonly keep?: readonly string[]; readonly add?: Record<string, Schema> } = {},
): { type: 'object'; properties: Record<string, Schema>; required: string[]; additionalProperties: false } => {
  const object = objectOf(c);
  if (object === undefined) throw new Error(`objectSchemaOf: ${c.name} is not an object codec`);
  const omit = new Set(change.omit ?? []);
  const properties = Object.fromEntries(Object.entries({ ...object.properties, ...change.add }).filter(([k]) => !omit.has(k)));
  const optional = change.optional === 'all-but' ? Object.keys(properties).filter((k) => !(change.keep ?? []).includes(k)) : change.optional ?? [];
  const required = [...object.required, ...Object.keys(change.add ?? {})].filter((k) => k in properties && !optional.includes(k));
  return { type: 'object', properties, required: [...new Set(required)], additionalProperties: false };
};
