import type * as t from 'io-ts';
import type { DomainEvent } from '../events';
import { FESA_RULE_SET_IDS, LIST_FORMAT_IDS, PROGRAM_FILE_FORMATS, PUBLISHABLE_RULE_SETS, RULE_SET_IDS } from '../rules/rule-set-ids';

/**
 * What a command may carry beyond what its event codec checks. The codecs also read the log, where every accepted
 * fact must stay readable; these limits apply only to new input, so tightening them never makes a read fail.
 */

/**
 * The first field of `value` that `codec` does not define (a dotted path), or undefined. io-ts lets unknown fields
 * through and keeps them; a command must not: the log holds only what the catalogue defines.
 */
export const unknownField = (codec: t.Mixed, value: unknown, path = ''): string | undefined => {
  const at = (key: string | number) => (path === '' ? String(key) : `${path}.${key}`);
  const c = codec as t.Mixed & { _tag?: string; type?: t.Mixed; types?: readonly t.Mixed[]; codomain?: t.Mixed };
  switch (c._tag) {
    case 'RefinementType':
    case 'ReadonlyType':
    case 'ExactType':
      return unknownField(c.type!, value, path);
    case 'ArrayType':
    case 'ReadonlyArrayType':
      if (!Array.isArray(value)) return undefined;
      for (const [i, item] of value.entries()) {
        const found = unknownField(c.type!, item, at(i));
        if (found !== undefined) return found;
      }
      return undefined;
    case 'DictionaryType':
      if (typeof value !== 'object' || value === null) return undefined;
      for (const [key, item] of Object.entries(value)) {
        const found = unknownField(c.codomain!, item, at(key));
        if (found !== undefined) return found;
      }
      return undefined;
    case 'UnionType': {
      const member = matching(c.types!, value);
      return member === undefined ? undefined : unknownField(member, value, path);
    }
    case 'InterfaceType':
    case 'PartialType':
    case 'StrictType':
    case 'IntersectionType': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
      const props = objectProps(c, value);
      for (const [key, item] of Object.entries(value)) {
        const prop = props.get(key);
        if (prop === undefined) return item === undefined ? undefined : at(key);
        const found = unknownField(prop, item, at(key));
        if (found !== undefined) return found;
      }
      return undefined;
    }
    // a codec made with `new t.Type` carries no tag: its own decoder is the only judge of its fields
    case undefined:
    default:
      return undefined;
  }
};

const matching = (members: readonly t.Mixed[], value: unknown): t.Mixed | undefined => members.find((m) => m.is(value) || m.decode(value)._tag === 'Right');

/** The fields an object codec defines, through intersections and the union member the value is. */
const objectProps = (codec: t.Mixed, value: unknown): Map<string, t.Mixed> => {
  const c = codec as t.Mixed & { _tag?: string; props?: Record<string, t.Mixed>; types?: readonly t.Mixed[]; type?: t.Mixed };
  if (c._tag === 'IntersectionType') {
    const all = new Map<string, t.Mixed>();
    for (const member of c.types!) for (const [k, v] of objectProps(member, value)) if (!all.has(k)) all.set(k, v);
    return all;
  }
  if (c._tag === 'UnionType') {
    const member = matching(c.types!, value);
    return member === undefined ? new Map<string, t.Mixed>() : objectProps(member, value);
  }
  if (c._tag === 'RefinementType' || c._tag === 'ReadonlyType' || c._tag === 'ExactType') return objectProps(c.type!, value);
  return new Map(Object.entries(c.props ?? {}));
};

/** Years a date in a command may name: a typo like 0000-01-01 or 20224-… is refused, history since 1900 is not. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2999;
/** No count, rating, round or minute in a rating ledger comes near this; 1e26 or 1e20 is a typo or an attack. */
const LARGEST_NUMBER = 1_000_000;
/**
 * What no text in the ledger may hold: the C0 and C1 controls (tab, line feed and NEL among them), DEL, and the line
 * and paragraph separators. Each breaks a line of the program's files, a CSV row or a table row where it is printed.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/**
 * The longest text a field may hold, in characters (code points): names and ids fit a list's column, reasons and
 * file names a sentence or a path, ids the ledger derives from two ids more. Anything longer is a paste gone wrong or
 * an attack on every page that prints it.
 */
export const TEXT_LIMITS = { name: 100, text: 200, reason: 1000, derivedId: 500, submittedFile: 4_000_000 } as const;
const NAMES_AND_IDS = new Set(['playerId', 'familyName', 'givenName', 'club', 'tournamentId', 'gameId', 'listId', 'officer', 'adjustmentId', 'survivor', 'absorbed', 'first', 'second', 'replayOf', 'giver', 'entrants', 'simulGivers', 'order', 'playerIds', 'deputyArbiters', 'chiefArbiter']);
const limitOf = (path: string): { readonly limit: number; readonly what: string } => {
  const field = path.split('.').filter((part) => !/^\d+$/.test(part)).pop() ?? '';
  if (field === 'reason' || field === 'source') return { limit: TEXT_LIMITS.reason, what: field === 'reason' ? 'a reason' : 'a source' };
  // a submitted file's bytes, in base64: a tournament's results, never a page's text
  if (field === 'base64') return { limit: TEXT_LIMITS.submittedFile, what: 'a submitted file in base64' };
  if (field === 'eventId' || field === 'merge') return { limit: TEXT_LIMITS.derivedId, what: 'an event id' };
  if (NAMES_AND_IDS.has(field)) return { limit: TEXT_LIMITS.name, what: 'a name or id' };
  return { limit: TEXT_LIMITS.text, what: 'this text' };
};
/** How many code points `s` has beyond `limit`, as its length in code points; undefined when it is within. */
const longerThan = (s: string, limit: number): number | undefined => {
  if (s.length <= limit) return undefined;
  // a code point beyond U+FFFF is two UTF-16 units, the second of them a low surrogate
  const length = s.length - (s.match(/[\udc00-\udfff]/g)?.length ?? 0);
  return length > limit ? length : undefined;
};
const DATE = /^(\d{4})-\d{2}-\d{2}$/;

const walk = (value: unknown, path: string, visit: (path: string, leaf: string | number) => string | undefined): string | undefined => {
  if (typeof value === 'string' || typeof value === 'number') return visit(path, value);
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value as Record<string, unknown>)) {
    const at = path === '' ? String(key) : `${path}.${key}`;
    // a record's keys are text the lists print too (final ranks by player id, McMahon bars)
    const keyProblem = typeof key === 'string' ? visit(at, key) : undefined;
    if (keyProblem !== undefined) return keyProblem;
    const found = walk(item, at, visit);
    if (found !== undefined) return found;
  }
  return undefined;
};

const codePoint = (s: string): string => `U+${s.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

/** The first value of a new event that no list can hold, as "field `x`: …", or undefined. */
export const valueProblem = (event: DomainEvent): string | undefined => {
  // the id derived from the fields comes last: the field the officer typed is the one to name
  const { eventId, ...fields } = event;
  const generic = walk({ ...fields, eventId }, '', (path, leaf) => {
    if (typeof leaf === 'string') {
      const control = CONTROL.exec(leaf);
      if (control) return `field \`${path}\` contains the control character ${codePoint(control[0])}; text in the ledger is printable (no tabs, line breaks or other controls)`;
      const { limit, what } = limitOf(path);
      const length = longerThan(leaf, limit);
      if (length !== undefined) return `field \`${path}\` is ${length.toLocaleString('en')} characters long; ${what} is at most ${limit.toLocaleString('en')}`;
      const date = DATE.exec(leaf);
      if (date && (Number(date[1]) < FIRST_YEAR || Number(date[1]) > LAST_YEAR)) return `field \`${path}\`: the date ${leaf} is not between ${FIRST_YEAR} and ${LAST_YEAR}`;
      return undefined;
    }
    if (!Number.isFinite(leaf) || Math.abs(leaf) > LARGEST_NUMBER) return `field \`${path}\`: ${leaf} is not a number a rating list can hold (at most ${LARGEST_NUMBER.toLocaleString('en')} either way)`;
    return undefined;
  });
  if (generic !== undefined) return generic;
  if ('round' in event && event.round < 1) return `field \`round\`: a round is 1 or more, got ${event.round}`;
  const timeControl = 'timeControl' in event ? event.timeControl : undefined;
  for (const [field, value] of Object.entries(timeControl ?? {})) {
    if (value < 0) return `field \`timeControl.${field}\` cannot be negative, got ${value}`;
  }
  if (event.type === 'RatingListPublished') {
    if (!(LIST_FORMAT_IDS as readonly string[]).includes(event.format)) return `field \`format\`: "${event.format}" is not a format the ledger publishes lists in; expected one of ${LIST_FORMAT_IDS.join(', ')}`;
    if (PROGRAM_FILE_FORMATS.includes(event.format) && RULE_SET_IDS.includes(event.ruleSet) && !(FESA_RULE_SET_IDS as readonly string[]).includes(event.ruleSet)) {
      return `field \`format\`: "${event.format}" is the FESA program's own file, which a ${event.ruleSet} list is not written as; expected table, csv or json`;
    }
    if (!/^[0-9a-f]{64}$/.test(event.contentHash)) return `field \`contentHash\`: expected the list's SHA-256 (64 lowercase hexadecimal digits), got "${event.contentHash}"`;
    if (event.entry !== undefined && (FESA_RULE_SET_IDS as readonly string[]).includes(event.ruleSet)) return `field \`entry\`: a ${event.ruleSet} list enters newcomers by FESA's own rule; leave entry out`;
    if (event.entry !== undefined && typeof event.entry === 'object' && !(Number.isInteger(event.entry.rating) && event.entry.rating > 0 && event.entry.rating < 10000)) return `field \`entry.rating\`: a starting rating is a whole number from 1 to 9999, got ${event.entry.rating}`;
  }
  const ruleSet = ruleSetField(event);
  if (ruleSet !== undefined && !ruleSet.known.includes(ruleSet.value)) {
    return `field \`${ruleSet.field}\`: "${ruleSet.value}" is not a rule set ${ruleSet.what}; expected one of ${ruleSet.known.join(', ')}`;
  }
  if ((event.type === 'PlayerRegistered' || event.type === 'PlayerRegistrationCorrected') && event.country !== undefined) {
    const problem = countryProblem(event.country);
    if (problem !== undefined) return `field \`country\`: ${problem}`;
  }
  if (event.type === 'PlayerRegistered' && event.birthYear !== undefined) {
    const year = Number(event.validDate.slice(0, 4));
    if (event.birthYear < FIRST_YEAR - 100 || event.birthYear > year) return `field \`birthYear\`: ${event.birthYear} is not a year of birth (${FIRST_YEAR - 100} to ${year})`;
  }
  return undefined;
};

/**
 * A player's country is a code, as the lists print it: two capital letters (ISO 3166, what FESA and the EGD use) or
 * three (a FIDE federation, what TRF files carry); empty when a file names none. "NORWAY" or "Norway" would make a
 * second country in every filter and table.
 */
export const COUNTRY_CODE = /^([A-Z]{2,3})?$/;
const countryProblem = (country: string): string | undefined => {
  if (COUNTRY_CODE.test(country)) return undefined;
  const upper = country.toUpperCase();
  const hint = COUNTRY_CODE.test(upper) ? `; did you mean ${upper}?` : '';
  return `"${country}" is not a country code; expected two or three capital letters, such as NO (ISO 3166) or NOR (a FIDE federation)${hint}`;
};

/**
 * The rule set a new fact is to be rated or published under. A typo would leave a tournament silently unrated or a
 * published list that cannot be reproduced; every adapter (CLI, HTTP, file import) passes through here.
 */
const ruleSetField = (event: DomainEvent): { field: string; value: string; known: readonly string[]; what: string } | undefined => {
  switch (event.type) {
    case 'TournamentRegistered':
      return { field: 'ratingSystem', value: event.ratingSystem, known: RULE_SET_IDS, what: 'this ledger knows' };
    case 'RuleSetAdopted':
      return { field: 'ruleSetId', value: event.ruleSetId, known: RULE_SET_IDS, what: 'this ledger knows' };
    case 'RatingListPublished':
      return { field: 'ruleSet', value: event.ruleSet, known: PUBLISHABLE_RULE_SETS, what: 'a published list can be reproduced under' };
    // a typo here is a fact no fold ever reads: the officer's change would never reach a list
    case 'RatingAdjusted':
    case 'ListReconciled':
    case 'GradeAwarded':
      return { field: 'ruleSet', value: event.ruleSet, known: RULE_SET_IDS, what: 'this ledger knows' };
    // facts that name no rule set
    case 'PlayerRegistered':
    case 'PlayerRegistrationCorrected':
    case 'PlayersMerged':
    case 'PlayersUnmerged':
    case 'PriorGradeDeclared':
    case 'OpeningBalanceImported':
    case 'GameReported':
    case 'ResultCorrected':
    case 'GameWithdrawn':
    case 'TournamentClosed':
    case 'OfficerAppointed':
    case 'OfficerRevoked':
    case 'SubmissionReceived':
    case 'SubmissionApproved':
    case 'SubmissionRejected':
      return undefined;
  }
};
