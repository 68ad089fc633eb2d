/**
 * The parts the answer codecs are made of: what io-ts's own codecs do not say of a JSON value (an integer, a date,
 * a rule set's id) as copies that carry it into the document (codec-schema.ts `annotated`).
 */
import * as t from 'io-ts';
import { GENERIC_RULE_SETS } from '../../../../projections/generic/systems';
import { annotated } from '../codec-schema';

/** A whole number: its TypeScript type stays `number` (the domain's branded `Int` would not be what routes hold). */
export const integer = annotated(t.number, { type: 'integer' });
/** A date YYYY-MM-DD, as text. */
export const date = annotated(t.string, { pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** One of the non-FESA rule sets of the ledger's registry (an id, as text). */
export const ruleSetId = annotated(t.string, { enum: [...GENERIC_RULE_SETS] });
/** One of these words (io-ts's keyof, which the document says as an enum). */
export const keys = <K extends string>(...names: readonly K[]) => t.keyof(Object.fromEntries(names.map((n) => [n, null])) as Record<K, null>);
export const nullable = <C extends t.Mixed>(codec: C) => t.union([codec, t.null]);

/** Two types, each assignable to the other: `true` when they are the same shape, else `false`. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * Holds an answer codec to the type the module making the answer declares (compiles only when `Same` is true): for
 * answers made by modules this adapter may not change, where the value cannot be typed by the codec itself.
 */
export const sameShape = <A, B>(holds: Same<A, B>): Same<A, B> => holds;

/**
 * A JSON object the document leaves opaque (an engine's report, an officer fact): its shape is the rule set's or
 * the event's. Typed `unknown`, so whatever the module making it holds is accepted.
 */
export const opaqueObject = (description: string) => annotated(t.unknown, { type: 'object', description });

type Props = Record<string, t.Mixed>;
interface Fields {
  readonly required: Props;
  readonly optional: Props;
}
type ObjectCodec = t.Mixed & { readonly _tag?: string; readonly props?: Props; readonly types?: readonly t.Mixed[]; readonly type?: t.Mixed };

/** The fields of an object codec (a type, a partial, their exact forms and intersections). */
const fieldsOf = (codec: ObjectCodec): Fields => {
  switch (codec._tag) {
    case 'InterfaceType':
      return { required: codec.props ?? {}, optional: {} };
    case 'PartialType':
      return { required: {}, optional: codec.props ?? {} };
    case 'ExactType':
      return fieldsOf(codec.type as ObjectCodec);
    case 'IntersectionType': {
      const parts = (codec.types ?? []).map((c) => fieldsOf(c as ObjectCodec));
      return { required: Object.assign({}, ...parts.map((p) => p.required)) as Props, optional: Object.assign({}, ...parts.map((p) => p.optional)) as Props };
    }
    case undefined:
    default:
      throw new Error(`withOptional: ${codec.name} is not an object codec`);
  }
};

/**
 * An object codec with the fields `names` made optional: a fact as a public answer gives it, without who recorded
 * it (personal.ts `withoutActor`). Its type is said here, since io-ts cannot type a codec assembled from another's parts.
 */
export const withOptional = <A, K extends keyof A & string>(codec: t.Type<A, unknown>, names: readonly K[]): t.Type<Omit<A, K> & Partial<Pick<A, K>>> => {
  const { required, optional } = fieldsOf(codec);
  const moved = new Set<string>(names);
  const kept = Object.fromEntries(Object.entries(required).filter(([k]) => !moved.has(k)));
  const made = Object.fromEntries(Object.entries(required).filter(([k]) => moved.has(k)));
  return t.intersection([t.type(kept), t.partial({ ...optional, ...made })]) as unknown as t.Type<Omit<A, K> & Partial<Pick<A, K>>>;
};
