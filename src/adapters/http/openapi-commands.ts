import { COMMAND_KINDS, EVENT_OF_COMMAND, type CommandKind } from '../../../domain/commands/decide';
import { eventCodecs } from '../../../domain/events';
import { LIST_FORMATS } from '../../app/lists';
import { codecSchema, objectSchemaOf } from './codec-schema';
import { date, ref, str, type Schema } from './openapi-schema';
import { Id } from '../../../domain/events/common';

/**
 * The bodies `POST /commands` takes, one schema per command kind, made from the codec of the event the command
 * records (the codec the decider checks it with): every field, its type and whether it is required. What differs on
 * HTTP is said here once: the ledger derives `eventId` and stamps `actor` (the signed-in officer), computes a
 * publication's hash and the event it is based on, and a correction names only what changes.
 */
/**
 * Kinds `POST /commands` does not take: officers are appointed and revoked through /officers, which also issues and
 * withdraws their tokens; submissions go through /submissions, which checks their files before recording them.
 */
export const ROUTED_ELSEWHERE = ['AppointOfficer', 'RevokeOfficer', 'ReceiveSubmission', 'ApproveSubmission', 'RejectSubmission'] as const;
type RoutedElsewhere = (typeof ROUTED_ELSEWHERE)[number];
type HttpKind = Exclude<CommandKind, RoutedElsewhere> | 'RecordOpeningBalance';

const RECORDED_KINDS = COMMAND_KINDS.filter((k): k is Exclude<CommandKind, RoutedElsewhere> => !(ROUTED_ELSEWHERE as readonly string[]).includes(k));

const SUMMARY: Readonly<Record<HttpKind, string>> = {
  RegisterPlayer: 'Registers a player (`ledger player add`).',
  CorrectPlayerRegistration: 'Corrects a player\'s name, country or club from a date on (`ledger player correct`).',
  MergePlayers: 'Records that two ids are one person: the absorbed id\'s games become the survivor\'s (`ledger player merge`).',
  UnmergePlayers: 'Undoes a merge (`ledger player unmerge`).',
  DeclarePriorGrade: 'Declares a grade a player held before his first rated game, with its source (`--grade` of `ledger player add`).',
  RegisterTournament: 'Registers a tournament with its dates and time control (`ledger tournament add`).',
  ReportGame: 'Reports one game of a tournament (`ledger game report`).',
  CorrectResult: 'Corrects a reported game: name the tournament and game, and only the fields that change (`ledger game correct`); validDate defaults to today.',
  WithdrawGame: 'Withdraws a game reported in error (`ledger game withdraw`).',
  CloseTournament: 'Closes a tournament: its games are rated (`ledger tournament close`).',
  ImportOpeningBalance: 'Records a player\'s state under a rule set as a legacy list gives it, in the rule set\'s own terms (what `fesa import`, `trf import` and `egd import` record). For a rating, games and grade, RecordOpeningBalance is simpler.',
  AdjustRating: 'An officer\'s adjustment of a rating, with its reason (`ledger rating adjust`).',
  ReconcileList: 'Pins players\' records to a list file\'s values (`fesa import --reconcile`).',
  AwardGrade: 'Awards a grade by an officer\'s decision (`ledger grade award`).',
  AdoptRuleSet: 'Adopts a rule set for the tournaments ending from validDate on (`ledger rules adopt`).',
  PublishRatingList: 'Publishes the list of a date: the ledger writes it and records its SHA-256 (`ledger list publish`). A contentHash, if sent, must be the ledger\'s.',
  RecordOpeningBalance: 'An opening balance from a legacy list\'s rating, games and grade under any rule set; the ledger builds the rule set\'s state (`ledger player balance`).',
};

/** How a kind's HTTP body differs from its event's fields (besides eventId and actor, the same for every kind). */
const DIFFERS: Partial<Record<HttpKind, Parameters<typeof objectSchemaOf>[1]>> = {
  CorrectResult: { optional: 'all-but', keep: ['kind', 'tournamentId', 'gameId', 'reason'] },
  PublishRatingList: { omit: ['basedOn'], optional: ['contentHash'] },
};

const ACTOR: Schema = { type: 'string', description: 'Leave out: the actor is the signed-in officer (another name is refused).' };

const recordedKindSchema = (kind: Exclude<HttpKind, 'RecordOpeningBalance'>): Schema => {
  const differs = DIFFERS[kind] ?? {};
  const body = objectSchemaOf(eventCodecs[EVENT_OF_COMMAND[kind]], {
    ...differs,
    omit: ['type', 'version', 'eventId', ...(differs.omit ?? [])],
    optional: differs.optional === 'all-but' ? 'all-but' : ['actor', ...(differs.optional ?? [])],
    add: { kind: { const: kind } },
  });
  const properties: Record<string, Schema> = { kind: body.properties.kind!, ...body.properties, actor: ACTOR };
  if (kind === 'PublishRatingList') properties.format = { enum: [...LIST_FORMATS], description: 'The format the list is published in.' };
  return { ...body, properties, required: ['kind', ...body.required.filter((k) => k !== 'kind')], description: SUMMARY[kind] };
};

const openingBalanceSchema: Schema = {
  type: 'object',
  description: SUMMARY.RecordOpeningBalance,
  properties: {
    kind: { const: 'RecordOpeningBalance' },
    playerId: codecSchema(Id),
    ruleSet: { type: 'string', description: 'The rule set the balance is under (any registered one).' },
    rating: { type: 'number' },
    games: { type: 'integer', minimum: 0, description: 'Rated games the legacy list counts.' },
    grade: { type: 'string', description: 'A grade such as "2 Dan" or "2-dan", where the rule set has grades.' },
    validDate: date,
    reason: str,
  },
  required: ['kind', 'playerId', 'ruleSet', 'rating', 'validDate', 'reason'],
  additionalProperties: false,
};

const componentName = (kind: HttpKind): string => `${kind}Command`;

/** `Command` (one of the kinds, told apart by `kind`) and one component per kind. */
export const commandSchemas = (): Record<string, Schema> => {
  const kinds: HttpKind[] = [...RECORDED_KINDS, 'RecordOpeningBalance'];
  return {
    Command: {
      oneOf: kinds.map((k) => ref(componentName(k))),
      discriminator: { propertyName: 'kind', mapping: Object.fromEntries(kinds.map((k) => [k, `#/components/schemas/${componentName(k)}`])) },
      description: 'One command: its kind and the fields of the event it records. eventId is derived, never sent; actor is the signed-in officer.',
    },
    ...Object.fromEntries(RECORDED_KINDS.map((k) => [componentName(k), recordedKindSchema(k)])),
    [componentName('RecordOpeningBalance')]: openingBalanceSchema,
  };
};

/**
 * One example body per kind, in an order that a fresh ledger accepts one after the other (a test posts them so):
 * players, a tournament and its games, a correction, a closure, then the officer's other facts and a publication.
 */
export const COMMAND_EXAMPLES: readonly (readonly [summary: string, body: Record<string, unknown>])[] = [
  ['Register a player', { kind: 'RegisterPlayer', playerId: 'P1', familyName: 'Hansen', givenName: 'Ola', country: 'NO', validDate: '2026-03-01' }],
  ['Register another', { kind: 'RegisterPlayer', playerId: 'P2', familyName: 'Berg', givenName: 'Kari', country: 'NO', validDate: '2026-03-01' }],
  ['Register the same person twice', { kind: 'RegisterPlayer', playerId: 'P3', familyName: 'Hanssen', givenName: 'Ola', country: 'NO', validDate: '2026-03-01' }],
  ['Declare a prior grade', { kind: 'DeclarePriorGrade', playerId: 'P1', grade: '3 Kyu', source: 'NSR', validDate: '2026-03-01' }],
  ['Correct a registration', { kind: 'CorrectPlayerRegistration', playerId: 'P2', familyName: 'Berg', givenName: 'Kari', country: 'SE', validDate: '2026-03-02', reason: 'moved to Sweden' }],
  ['Register a tournament', { kind: 'RegisterTournament', tournamentId: 'oslo-2026', name: 'Oslo Open', place: 'Oslo', startDate: '2026-03-07', endDate: '2026-03-08', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 }, validDate: '2026-03-07' }],
  ['Report a game', { kind: 'ReportGame', tournamentId: 'oslo-2026', gameId: 'g1', round: 1, first: 'P1', second: 'P2', result: 'win', validDate: '2026-03-07' }],
  ['Report another', { kind: 'ReportGame', tournamentId: 'oslo-2026', gameId: 'g2', round: 2, first: 'P2', second: 'P3', result: 'loss', validDate: '2026-03-08' }],
  ['Report a game in error', { kind: 'ReportGame', tournamentId: 'oslo-2026', gameId: 'g3', round: 3, first: 'P1', second: 'P3', result: 'win', validDate: '2026-03-08' }],
  ['Withdraw it', { kind: 'WithdrawGame', tournamentId: 'oslo-2026', gameId: 'g3', validDate: '2026-03-08', reason: 'never played' }],
  ['Correct a result: only what changes', { kind: 'CorrectResult', tournamentId: 'oslo-2026', gameId: 'g1', result: 'draw', reason: 'score sheet' }],
  ['Close the tournament', { kind: 'CloseTournament', tournamentId: 'oslo-2026', validDate: '2026-03-08' }],
  ['Merge a player registered twice', { kind: 'MergePlayers', survivor: 'P1', absorbed: 'P3', validDate: '2026-03-10', reason: 'Hanssen is Hansen, registered twice' }],
  ['Undo the merge (named by its event id)', { kind: 'UnmergePlayers', survivor: 'P1', absorbed: 'P3', merge: 'player:P3:merge:1', validDate: '2026-03-11', reason: 'two people after all' }],
  ['Adjust a rating', { kind: 'AdjustRating', adjustmentId: 'adj-2026-1', ruleSet: 'fesa', target: { kind: 'player', playerId: 'P2' }, change: { kind: 'set', rating: 1200 }, validDate: '2026-03-12', reason: 'committee decision 2026-3' }],
  ['Reconcile with a list file (no pins: every record agrees)', { kind: 'ReconcileList', ruleSet: 'fesa', source: 'ratingliste-2026-03.pre', order: ['P1', 'P2', 'P3'], pins: [], validDate: '2026-03-12', reason: 'the federation\'s list of March' }],
  ['Award a grade', { kind: 'AwardGrade', playerId: 'P1', ruleSet: 'fesa', grade: '1 Dan', validDate: '2026-03-13', reason: 'honorary grade, board decision' }],
  ['Adopt a rule set', { kind: 'AdoptRuleSet', ruleSetId: 'fesa', ruleSetVersion: '1', options: {}, validDate: '2026-04-01', reason: 'the federation rates under FESA' }],
  ['An opening balance in the rule set\'s own terms', { kind: 'ImportOpeningBalance', playerId: 'P1', ruleSet: 'fide', state: { rating: 2010, games: 50, birthYear: null, reached2400: false }, source: 'FIDE list of January 2026', validDate: '2026-01-01' }],
  ['An opening balance from a legacy list', { kind: 'RecordOpeningBalance', playerId: 'P2', ruleSet: 'fide', rating: 1850, games: 40, validDate: '2026-01-01', reason: 'FIDE list of January 2026' }],
  ['Publish the list of a date', { kind: 'PublishRatingList', listId: '2026-03', asOf: '2026-03-31', ruleSet: 'fesa', format: 'table', validDate: '2026-03-31' }],
];

/** The examples as OpenAPI's `examples` of the request body. */
export const commandExamples = (): Record<string, { summary: string; value: Record<string, unknown> }> =>
  Object.fromEntries(COMMAND_EXAMPLES.map(([summary, value], i) => [`${String(i + 1).padStart(2, '0')}-${String(value.kind)}`, { summary, value }]));
