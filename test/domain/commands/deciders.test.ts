import { describe, expect, it } from 'vitest';
import type { Command, CommandKind } from '../../../domain/commands/decide';
import { COMMAND_KINDS } from '../../../domain/commands/decide';
import type { OfficerRole } from '../../../domain/events';
import { actor, given, player, tournament } from './spec';

/** Every command kind, given / when / then: what it records, when it records nothing, and what it refuses. */
const game: Command = { kind: 'ReportGame', validDate: '2024-02-03', actor, tournamentId: 'T1', gameId: 'G1', round: 1, first: 'A', second: 'B', result: 'win' };
const withdraw: Command = { kind: 'WithdrawGame', validDate: '2024-03-01', actor, tournamentId: 'T1', gameId: 'G1', reason: 'never played' };
const close: Command = { kind: 'CloseTournament', validDate: '2024-02-04', actor, tournamentId: 'T1' };
const prior = (grade: string): Command => ({ kind: 'DeclarePriorGrade', validDate: '2024-01-01', actor, playerId: 'A', grade, source: 'NSR' });
const opening = (playerId: string): Command => ({ kind: 'ImportOpeningBalance', validDate: '2024-01-01', actor, playerId, ruleSet: 'fesa', state: { elo: 1500 }, source: 'ratingliste.pre' });
const adjust = (playerId: string): Command => ({ kind: 'AdjustRating', validDate: '2024-05-01', actor, adjustmentId: 'adj-1', ruleSet: 'fesa', target: { kind: 'player', playerId }, change: { kind: 'shift', by: 10 }, reason: 'typo in 2023' });
const reconcile = (order: string[], pins: { playerId: string; fields: Record<string, unknown> }[] = []): Command => ({ kind: 'ReconcileList', validDate: '2024-05-01', actor, ruleSet: 'fesa', source: '24/ratingliste.pre', reason: 'unpublished event', order, pins });
const award = (playerId: string): Command => ({ kind: 'AwardGrade', validDate: '2024-05-01', actor, playerId, ruleSet: 'fesa', grade: '1 Dan', reason: 'national title' });
const adopt: Command = { kind: 'AdoptRuleSet', validDate: '2025-01-01', actor, ruleSetId: 'fesa-published', ruleSetVersion: '1', options: {}, reason: 'federation decision' };
const publish = (hash: string): Command => ({ kind: 'PublishRatingList', validDate: '2024-06-01', actor, listId: '2024-06', asOf: '2024-06-01', ruleSet: 'fesa', format: 'fesa', contentHash: hash });
const appoint = (role: OfficerRole): Command => ({ kind: 'AppointOfficer', validDate: '2024-01-01', actor: 'president', officer: 'kari', role });
const revoke: Command = { kind: 'RevokeOfficer', validDate: '2024-06-01', actor: 'president', officer: 'kari', reason: 'term ended' };

const covered = new Set<CommandKind>();
const spec = (kind: CommandKind, body: () => void) => it(kind, () => { covered.add(kind); body(); });

describe('deciders, given / when / then', () => {
  spec('RegisterPlayer', () => {
    given().when(player('A')).then([{ type: 'PlayerRegistered', eventId: 'player:A:registered', playerId: 'A', familyName: 'FamilyA' }]);
    given(player('A')).when(player('A')).thenNothing();
    given(player('A')).when(player('A', 'Other')).thenRejects('player "A" is already registered as FamilyA G (A) with other details; player ids are never reused');
  });
  spec('CorrectPlayerRegistration', () => {
    const fix = (fields: Record<string, unknown>): Command => ({ kind: 'CorrectPlayerRegistration', validDate: '2024-06-01', actor, playerId: 'A', reason: 'misspelt on the entry form', ...fields }) as Command;
    given(player('A')).when(fix({ familyName: 'Hansen-Lie' })).then([{ type: 'PlayerRegistrationCorrected', eventId: 'player:A:correction:1', familyName: 'Hansen-Lie' }]);
    given(player('A'), fix({ familyName: 'Hansen-Lie' })).when(fix({ club: 'Oslo SK' })).then([{ type: 'PlayerRegistrationCorrected', eventId: 'player:A:correction:2', club: 'Oslo SK' }]);
    given(player('A'), fix({ familyName: 'Hansen-Lie' })).when(fix({ familyName: 'Hansen-Lie' })).thenRejects('the correction of Hansen-Lie G (A) changes nothing; give the fields that are wrong');
    given(player('A'), player('B')).when(fix({ familyName: 'FamilyB' })).thenRejects('FamilyB G (B) already has the name FamilyB G; if they are the same person, that is a merge, not a rename');
    given().when(fix({ club: 'X' })).thenRejects('cannot correct unknown player "A"; register the player first (ledger player add)');
  });
  spec('MergePlayers', () => {
    const merge = (survivor: string, absorbed: string): Command => ({ kind: 'MergePlayers', validDate: '2024-06-01', actor, survivor, absorbed, reason: 'registered twice' });
    given(player('A'), player('B')).when(merge('A', 'B')).then([{ type: 'PlayersMerged', eventId: 'player:B:merge:1', survivor: 'A', absorbed: 'B', reason: 'registered twice', actor }]);
    given(player('A'), player('B'), merge('A', 'B')).when(merge('A', 'B')).thenNothing();
    given(player('A')).when(merge('A', 'A')).thenRejects('cannot merge FamilyA G (A) with itself; give the id that stays and the id that goes');
    given(player('A')).when(merge('A', 'Z')).thenRejects('cannot merge unknown player "Z"; ledger player list shows the registered ids');
    given(player('A'), player('B'), player('C'), merge('A', 'B')).when(merge('C', 'B')).thenRejects('FamilyB G (B) is already merged into FamilyA G (A); unmerge it first (ledger player unmerge B --reason …)');
    given(player('A'), player('B'), player('C'), merge('A', 'B')).when(merge('B', 'C')).thenRejects('FamilyB G (B) is itself merged into FamilyA G (A); merge into A instead');
    given(player('A'), player('B'), player('C'), merge('B', 'C')).when(merge('A', 'B')).thenRejects('FamilyB G (B) has absorbed C; merges are not chained: unmerge C first, then merge each into A');
    given(player('A'), player('B'), tournament, game).when(merge('A', 'B')).thenRejects(
      'cannot merge FamilyB G (B) into FamilyA G (A): they played each other in game G1 of tournament "T1" (round 1), and one person cannot play himself; if that game names the wrong player, correct it first (ledger game correct --game G1)',
    );
    // a game withdrawn is no game: then they can be one person
    given(player('A'), player('B'), tournament, game, withdraw).when(merge('A', 'B')).then([{ type: 'PlayersMerged' }]);
    const roundOne = (gameId: string, first: string, second: string): Command => ({ ...game, gameId, first, second } as Command);
    given(player('A'), player('B'), player('C'), player('D'), tournament, roundOne('G1', 'A', 'C'), roundOne('G2', 'D', 'B')).when(merge('A', 'B')).thenRejects(
      'cannot merge FamilyB G (B) into FamilyA G (A): both played round 1 of tournament "T1" (games G1 and G2), and one person plays one game a round; if one of those games names the wrong player, correct it first',
    );
    // after the merge the two ids are one person to the game deciders too
    given(player('A'), player('B'), tournament, merge('A', 'B')).when(game).thenRejects('game G1: FamilyA G (A) and FamilyB G (B) are one person (merged); one cannot play against himself');
    given(player('A'), player('B'), player('C'), player('D'), tournament, merge('A', 'B'), roundOne('G1', 'A', 'C')).when(roundOne('G2', 'D', 'B')).thenRejects(
      'game G2: FamilyB G (B) already plays game G1 in round 1 of tournament "T1"',
    );
    given(player('A'), player('B'), merge('A', 'B')).when({ kind: 'CorrectPlayerRegistration', validDate: '2024-06-02', actor, playerId: 'B', reason: 'typo', club: 'X' } as Command).thenRejects(
      'FamilyB G (B) is merged into FamilyA G (A); correct A, or unmerge B first',
    );
  });
  spec('UnmergePlayers', () => {
    const merge: Command = { kind: 'MergePlayers', validDate: '2024-06-01', actor, survivor: 'A', absorbed: 'B', reason: 'registered twice' };
    const unmerge = (mergeId = 'player:B:merge:1', survivor = 'A'): Command => ({ kind: 'UnmergePlayers', validDate: '2024-07-01', actor, survivor, absorbed: 'B', merge: mergeId, reason: 'two people after all' });
    given(player('A'), player('B'), merge).when(unmerge()).then([{ type: 'PlayersUnmerged', eventId: 'player:B:unmerge:2', merge: 'player:B:merge:1', reason: 'two people after all' }]);
    // merged again after the unmerge: the new merge is the third identity change of B, and only it can be undone
    given(player('A'), player('B'), merge, unmerge(), merge).when(unmerge()).thenRejects('the merge in force of B into A is "player:B:merge:3", not "player:B:merge:1"');
    given(player('A'), player('B'), merge, unmerge(), merge).when(unmerge('player:B:merge:3')).then([{ type: 'PlayersUnmerged', eventId: 'player:B:unmerge:4' }]);
    given(player('A'), player('B')).when(unmerge()).thenRejects('FamilyB G (B) is not merged into another player; there is nothing to unmerge');
    // the same unmerge again: already done (a killed process run again, a resubmitted request)
    given(player('A'), player('B'), merge, unmerge()).when(unmerge()).thenNothing();
    given(player('A'), player('B'), merge, unmerge()).when(unmerge('player:B:merge:9')).thenRejects('FamilyB G (B) is not merged into another player; there is nothing to unmerge');
    given(player('A'), player('B'), player('C'), merge).when(unmerge('player:B:merge:1', 'C')).thenRejects('FamilyB G (B) is merged into FamilyA G (A), not into "C"');
    given().when(unmerge()).thenRejects('cannot unmerge unknown player "B"; ledger player list shows the registered ids');
  });
  spec('DeclarePriorGrade', () => {
    given(player('A')).when(prior('3 Kyu')).then([{ type: 'PriorGradeDeclared', eventId: 'player:A:prior-grade:NSR', grade: '3 Kyu' }]);
    given(player('A'), prior('3 Kyu')).when(prior('3 Kyu')).thenNothing();
    // the body's correction of that day's certificate, and its later grade: each dated, numbered after the first
    given(player('A'), prior('3 Kyu')).when(prior('2 Kyu')).then([{ type: 'PriorGradeDeclared', eventId: 'player:A:prior-grade:NSR:2', grade: '2 Kyu' }]);
    given(player('A'), prior('3 Kyu')).when({ ...prior('1 Dan'), validDate: '2025-01-01' } as Command).then([{ type: 'PriorGradeDeclared', eventId: 'player:A:prior-grade:NSR:2', grade: '1 Dan' }]);
    // the same grade dated later changes no reading; dated earlier it does (the grade counts from then)
    given(player('A'), prior('3 Kyu')).when({ ...prior('3 Kyu'), validDate: '2025-01-01' } as Command).thenNothing();
    given(player('A'), prior('3 Kyu')).when({ ...prior('3 Kyu'), validDate: '2023-01-01' } as Command).then([{ type: 'PriorGradeDeclared', eventId: 'player:A:prior-grade:NSR:2' }]);
    // read whatever the body: another body's later grade stands until this body declares its own again
    const jsa = (grade: string, validDate: string): Command => ({ ...prior(grade), source: 'JSA', validDate } as Command);
    given(player('A'), prior('3 Kyu'), jsa('1 Kyu', '2024-06-01')).when({ ...prior('3 Kyu'), validDate: '2025-01-01' } as Command).then([{ type: 'PriorGradeDeclared', eventId: 'player:A:prior-grade:NSR:2' }]);
    given().when(prior('3 Kyu')).thenRejects('unknown player "A"; register the player first (ledger player add)');
  });
  spec('RegisterTournament', () => {
    given().when(tournament).then([{ type: 'TournamentRegistered', eventId: 'tournament:T1:registered', startDate: '2024-02-03' }]);
    given(tournament).when(tournament).thenNothing();
    given().when({ ...tournament, endDate: '2024-02-01' } as Command).thenRejects('tournament "T1" ends (2024-02-01) before it starts (2024-02-03)');
    given(player('A')).when({ ...tournament, entrants: ['A', 'Z'] } as Command).thenRejects('tournament "T1": unknown entrant "Z"; register the player first');
    given(player('A')).when({ ...tournament, entrants: ['A', 'A'] } as Command).thenRejects('tournament "T1": FamilyA G (A) is listed twice among the entrants');
    given(tournament).when({ ...tournament, name: 'Closed' } as Command).thenRejects('tournament "T1" is already registered with other details (name differ)');
  });
  spec('ReportGame', () => {
    given(player('A'), player('B'), tournament).when(game).then([{ type: 'GameReported', eventId: 'game:T1:G1:reported', first: 'A', second: 'B', result: 'win' }]);
    given(player('A'), player('B'), tournament, game).when(game).thenNothing();
    given(player('A'), tournament).when(game).thenRejects('game G1: unknown second player "B"; register the player first (ledger player add)');
    given(player('A'), player('B'), tournament, game, withdraw).when(game).thenRejects('game G1 of tournament "T1" was withdrawn; report the game again under a new game id');
    // one game a round, except for a simultaneous display's giver, who plays every board of it
    const board = (gameId: string, second: string): Command => ({ ...game, gameId, second } as Command);
    given(player('A'), player('B'), player('C'), tournament, game).when(board('G2', 'C')).thenRejects('game G2: FamilyA G (A) already plays game G1 in round 1 of tournament "T1"');
    given(player('A'), player('B'), player('C'), { ...tournament, simulGivers: ['A'] } as Command, game).when(board('G2', 'C')).then([{ type: 'GameReported', gameId: 'G2', first: 'A', second: 'C' }]);
  });
  spec('CorrectResult', () => {
    const correct = (result: 'loss' | 'win'): Command => ({ kind: 'CorrectResult', validDate: '2024-03-01', actor, tournamentId: 'T1', gameId: 'G1', round: 1, first: 'A', second: 'B', result, reason: 'score sheet' });
    given(player('A'), player('B'), tournament, game).when(correct('loss')).then([{ type: 'ResultCorrected', eventId: 'game:T1:G1:correction:1', result: 'loss', reason: 'score sheet' }]);
    given(player('A'), player('B'), tournament, game).when(correct('win')).thenNothing();
    given(player('A'), player('B'), tournament, game, withdraw).when(correct('loss')).thenRejects('cannot correct game G1: it was withdrawn');
    given(player('A'), player('B')).when(correct('loss')).thenRejects('cannot correct game G1: unknown tournament "T1"');
  });
  spec('WithdrawGame', () => {
    given(player('A'), player('B'), tournament, game).when(withdraw).then([{ type: 'GameWithdrawn', eventId: 'game:T1:G1:withdrawn', reason: 'never played' }]);
    given(player('A'), player('B'), tournament, game, withdraw).when(withdraw).thenNothing();
    given(tournament).when(withdraw).thenRejects('cannot withdraw game G1: tournament "T1" has no such game');
    given().when(withdraw).thenRejects('cannot withdraw game G1: unknown tournament "T1"');
  });
  spec('CloseTournament', () => {
    given(tournament).when(close).then([{ type: 'TournamentClosed', eventId: 'tournament:T1:closed', validDate: '2024-02-04' }]);
    given(tournament, close).when(close).thenNothing();
    given(tournament, close).when({ ...close, validDate: '2024-02-10' } as Command).thenRejects('tournament "T1" was already closed on 2024-02-04; it cannot be closed twice');
    given(tournament).when({ ...close, validDate: '2024-02-01' } as Command).thenRejects('tournament "T1" cannot close on 2024-02-01, before it starts (2024-02-03)');
  });
  spec('ImportOpeningBalance', () => {
    given(player('A')).when(opening('A')).then([{ type: 'OpeningBalanceImported', eventId: 'opening:fesa:A:ratingliste.pre', state: { elo: 1500 } }]);
    given().when(opening('A')).thenRejects('opening balance for unknown player "A"; register the player first');
    given(player('A'), opening('A')).when(opening('A')).thenNothing();
    given(player('A'), opening('A')).when({ ...opening('A'), state: { elo: 1600 } } as Command).thenRejects(
      'FamilyA G (A) already has the opening balance "opening:fesa:A:ratingliste.pre" under fesa with other values; a balance is recorded once, and a different rating is a rating adjustment',
    );
    given(player('A')).when({ ...opening('A'), ruleSet: 'chess' } as Command).thenRejects(`unknown rule set "chess"; expected one of fesa, fesa-published, us-shogi-1997-text, us-shogi-1997-card, pan-atlantic, gobase-go, egd-gor, fide, uscf-k, fide-2024`);
    // under a registry rule set: its decoder reads the state, and a player who played under it before the date is refused
    const us = (validDate: string, state: Record<string, unknown> = { rating: 1700, rank: '1-dan', games: 0, streaks: {} }): Command =>
      ({ kind: 'ImportOpeningBalance', validDate, actor, playerId: 'A', ruleSet: 'us-shogi-1997-text', state, source: 'legacy' });
    const usTournament = { ...tournament, ratingSystem: 'us-shogi-1997-text' } as Command;
    given(player('A'), player('B'), usTournament, game, close).when(us('2024-02-04')).thenRejects(
      'FamilyA G (A) already played under us-shogi-1997-text on or before 2024-02-04 (game G1 of tournament "T1", ending 2024-02-04); an opening balance starts a record, a change to it is a rating adjustment',
    );
    given(player('A'), player('B'), usTournament, game, close).when(us('2024-02-03')).then([{ type: 'OpeningBalanceImported', validDate: '2024-02-03' }]);
    // the tournament rated under another rule set (FESA, its own) is no record under this one; nor is a withdrawn game
    given(player('A'), player('B'), tournament, game, close).when(us('2024-12-31')).then([{ type: 'OpeningBalanceImported' }]);
    given(player('A'), player('B'), usTournament, game, withdraw, close).when(us('2024-12-31')).then([{ type: 'OpeningBalanceImported' }]);
    // an adoption in force at the tournament's end makes it a us-shogi-1997-text record
    const adoptUs: Command = { kind: 'AdoptRuleSet', validDate: '2024-01-01', actor, ruleSetId: 'us-shogi-1997-text', ruleSetVersion: '1', options: {}, reason: 'federation decision' };
    given(player('A'), player('B'), adoptUs, tournament, game, close).when(us('2024-12-31')).thenRejects(/already played under us-shogi-1997-text/);
    given(player('A')).when(us('2024-01-01', { rating: 1700, rank: '11-dan' })).thenRejects(/^the opening balance of FamilyA G \(A\) under us-shogi-1997-text: state\.rank must be a rank/);
  });
  spec('AdjustRating', () => {
    given(player('A')).when(adjust('A')).then([{ type: 'RatingAdjusted', eventId: 'adjustment:adj-1', change: { kind: 'shift', by: 10 } }]);
    given(player('A'), adjust('A')).when(adjust('A')).thenNothing();
    given().when(adjust('Z')).thenRejects('cannot adjust the rating of unknown player "Z"');
  });
  spec('ReconcileList', () => {
    given(player('A'), player('B')).when(reconcile(['B', 'A'], [{ playerId: 'A', fields: { eloNumber: 1500 } }])).then([{ type: 'ListReconciled', eventId: 'reconcile:fesa:24/ratingliste.pre', order: ['B', 'A'] }]);
    given(player('A'), reconcile(['A'])).when(reconcile(['A'])).thenNothing();
    given(player('A')).when(reconcile(['A', 'Z'])).thenRejects('cannot reconcile 24/ratingliste.pre: player "Z" is not registered; register the player first');
    given(player('A')).when(reconcile(['A', 'A'])).thenRejects('cannot reconcile 24/ratingliste.pre: player "A" is on the list twice');
    given(player('A'), player('B')).when(reconcile(['A'], [{ playerId: 'B', fields: {} }])).thenRejects('cannot reconcile 24/ratingliste.pre: player "B" is pinned but not on the list');
  });
  spec('AwardGrade', () => {
    given(player('A')).when(award('A')).then([{ type: 'GradeAwarded', eventId: 'grade:fesa:A:1 Dan', grade: '1 Dan' }]);
    given(player('A'), award('A')).when(award('A')).thenNothing();
    given().when(award('Z')).thenRejects('cannot award 1 Dan to unknown player "Z"');
  });
  spec('AdoptRuleSet', () => {
    given().when(adopt).then([{ type: 'RuleSetAdopted', eventId: 'rules:fesa-published:1:2025-01-01', ruleSetId: 'fesa-published' }]);
    given(adopt).when(adopt).thenNothing();
    given().when({ ...adopt, validDate: '2025-13-01' } as Command).thenRejects('AdoptRuleSet: field `validDate`: expected a date YYYY-MM-DD, got "2025-13-01"');
  });
  spec('PublishRatingList', () => {
    const [a, b] = ['ab'.repeat(32), 'cd'.repeat(32)];
    given().when(publish(a)).then([{ type: 'RatingListPublished', eventId: 'list:2024-06', contentHash: a }]);
    given(publish(a)).when(publish(a)).thenNothing();
    given(publish(a)).when(publish(b)).thenRejects('rating list "2024-06" was already published with other content (hash abababababab…)');
    given().when(publish('abc')).thenRejects('PublishRatingList: field `contentHash`: expected the list\'s SHA-256 (64 lowercase hexadecimal digits), got "abc"');
    given().when({ ...publish(a), format: 'pdf' } as Command).thenRejects('PublishRatingList: field `format`: "pdf" is not a format the ledger publishes lists in; expected one of fesa, fesa-all, table, csv, json');
  });
  const secondAdmin: Command = { kind: 'AppointOfficer', validDate: '2024-01-01', actor: 'president', officer: 'ola', role: 'admin' };
  spec('AppointOfficer', () => {
    given().when(appoint('auditor')).then([{ type: 'OfficerAppointed', eventId: 'officer:kari:1', officer: 'kari', role: 'auditor', actor: 'president' }]);
    // the last admin keeps the role until another is appointed: without an admin nobody manages officers over HTTP
    given(appoint('admin')).when(appoint('officer')).thenRejects('kari is the last admin and cannot become an officer; appoint another admin first (ledger officer add --name NAME --role admin)');
    given(appoint('admin')).when(appoint('auditor')).thenRejects(/^kari is the last admin and cannot become an auditor;/);
    given(appoint('admin')).when(appoint('organiser')).thenRejects(/^kari is the last admin and cannot become an organiser;/);
    given().when(appoint('organiser')).then([{ type: 'OfficerAppointed', role: 'organiser' }]);
    given(appoint('admin'), secondAdmin).when(appoint('officer')).then([{ eventId: 'officer:kari:2', role: 'officer' }]);
    given(appoint('auditor')).when(appoint('officer')).then([{ eventId: 'officer:kari:2', role: 'officer' }]);
    given(appoint('auditor'), revoke).when(appoint('auditor')).then([{ eventId: 'officer:kari:3', role: 'auditor' }]);
    given(appoint('admin')).when(appoint('admin')).thenNothing();
    given().when({ ...appoint('admin'), role: 'king' } as unknown as Command).thenRejects(/role/);
  });
  spec('RevokeOfficer', () => {
    given(appoint('officer')).when(revoke).then([{ type: 'OfficerRevoked', eventId: 'officer:kari:2', officer: 'kari' }]);
    given(appoint('admin'), secondAdmin).when(revoke).then([{ type: 'OfficerRevoked', eventId: 'officer:kari:2', officer: 'kari' }]);
    given(appoint('admin')).when(revoke).thenRejects('cannot revoke kari, the last admin; appoint another admin first (ledger officer add --name NAME --role admin)');
    given(appoint('officer'), revoke).when(revoke).thenNothing();
    given().when(revoke).thenRejects('cannot revoke unknown officer "kari"; the officers are listed by ledger officer list');
  });
  const files = [{ name: 'turnering.txt', base64: 'VA==' }];
  const submit = (hash = 'h1', actor = 'ola'): Command => ({ kind: 'ReceiveSubmission', validDate: '2024-05-01', actor, submissionId: 'S1', role: 'organiser', tournamentId: 'T1', format: 'fesa', files, contentHash: hash });
  const approve: Command = { kind: 'ApproveSubmission', validDate: '2024-05-02', actor: 'kari', submissionId: 'S1', reason: 'checked against the cross table' };
  const refuse: Command = { kind: 'RejectSubmission', validDate: '2024-05-02', actor: 'kari', submissionId: 'S1', reason: 'round 3 is missing' };
  spec('ReceiveSubmission', () => {
    given().when(submit()).then([{ type: 'SubmissionReceived', eventId: 'submission:S1:received', submissionId: 'S1', tournamentId: 'T1', actor: 'ola' }]);
    given(submit()).when(submit()).thenNothing();
    given(submit()).when(submit('h2')).thenRejects('submission S1 already holds other files (submitted by ola for tournament T1); submit the corrected files under a new id');
    given(submit()).when(submit('h1', 'per')).thenRejects(/^submission S1 already holds other files/);
    given().when({ ...submit(), format: 'pdf' } as unknown as Command).thenRejects(/format/);
  });
  spec('ApproveSubmission', () => {
    given(submit()).when(approve).then([{ type: 'SubmissionApproved', eventId: 'submission:S1:approved', actor: 'kari', reason: 'checked against the cross table' }]);
    given(submit(), approve).when(approve).thenNothing();
    given(submit(), refuse).when(approve).thenRejects('submission S1 was rejected and cannot be approved; the organiser can submit the files again');
    given().when(approve).thenRejects('there is no submission S1; the submissions are listed by ledger submission list');
  });
  spec('RejectSubmission', () => {
    given(submit()).when(refuse).then([{ type: 'SubmissionRejected', eventId: 'submission:S1:rejected', reason: 'round 3 is missing' }]);
    given(submit(), refuse).when(refuse).thenNothing();
    given(submit(), approve).when(refuse).thenRejects('submission S1 was approved and its facts are recorded; correct them instead of rejecting it');
    given().when(refuse).thenRejects(/^there is no submission S1;/);
  });

  it('covers every command kind', () => {
    expect([...covered].sort()).toEqual([...COMMAND_KINDS].sort());
  });
});
