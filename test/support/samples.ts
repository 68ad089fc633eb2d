import type { DomainEvent } from '../../domain/events';

/** One valid example of every event type, as an officer would record it. */
export const sampleEvents = (): DomainEvent[] =>
  [
    { type: 'PlayerRegistered', version: 1, eventId: 'player:P1:registered', validDate: '2024-01-10', actor: 'officer', playerId: 'P1', familyName: 'Hansen', givenName: 'Ola', country: 'NO', club: 'Oslo', birthYear: 1990 },
    { type: 'PriorGradeDeclared', version: 1, eventId: 'player:P1:prior-grade:NSR', validDate: '2024-01-10', actor: 'officer', playerId: 'P1', grade: '3 Kyu', source: 'NSR' },
    { type: 'TournamentRegistered', version: 1, eventId: 'tournament:T1:registered', validDate: '2024-02-01', actor: 'officer', tournamentId: 'T1', name: 'Oslo Open', place: 'Oslo', startDate: '2024-02-03', endDate: '2024-02-04', ratingSystem: 'fesa', rated: true, timeControl: { mainMinutes: 30, byoyomiSeconds: 30, incrementSeconds: 0 } },
    { type: 'GameReported', version: 1, eventId: 'game:T1:G1:reported', validDate: '2024-02-03', actor: 'officer', gameId: 'G1', tournamentId: 'T1', round: 1, first: 'P1', second: 'P2', result: 'win', handicap: { type: 'bishop', giver: 'P2', code: 'B' } },
    { type: 'ResultCorrected', version: 1, eventId: 'game:T1:G1:correction:1', validDate: '2024-02-05', actor: 'officer', gameId: 'G1', tournamentId: 'T1', round: 1, first: 'P1', second: 'P2', result: 'draw', reason: 'score sheet misread' },
    { type: 'GameWithdrawn', version: 1, eventId: 'game:T1:G1:withdrawn', validDate: '2024-02-06', actor: 'officer', gameId: 'G1', tournamentId: 'T1', reason: 'game was never played' },
    { type: 'TournamentClosed', version: 1, eventId: 'tournament:T1:closed', validDate: '2024-02-04', actor: 'officer', tournamentId: 'T1' },
    { type: 'OpeningBalanceImported', version: 1, eventId: 'opening:fesa:P1:list-2023', validDate: '2023-12-31', actor: 'officer', playerId: 'P1', ruleSet: 'fesa', state: { eloNumber: 1500, games: 40 }, source: 'list-2023' },
    { type: 'PlayerRegistrationCorrected', version: 1, eventId: 'player:P1:correction:1', validDate: '2024-06-01', actor: 'officer', playerId: 'P1', reason: 'married', familyName: 'Hansen-Lie', birthYear: 1990 },
    { type: 'PlayersMerged', version: 1, eventId: 'player:P2:merge:1', validDate: '2024-06-02', actor: 'officer', survivor: 'P1', absorbed: 'P2', reason: 'registered twice' },
    { type: 'PlayersUnmerged', version: 1, eventId: 'player:P2:unmerge:2', validDate: '2024-06-03', actor: 'officer', survivor: 'P1', absorbed: 'P2', merge: 'player:P2:merge:1', reason: 'two people after all' },
    { type: 'ListReconciled', version: 1, eventId: 'reconcile:fesa:24/ratingliste.pre', validDate: '2017-10-21', actor: 'officer', ruleSet: 'fesa', source: '24/ratingliste.pre', reason: 'reconciled with 24/ratingliste.pre: 1 difference(s)', order: ['N2', 'N1'], pins: [{ playerId: 'N2', fields: { eloNumber: 2280 } }] },
    { type: 'RatingAdjusted', version: 1, eventId: 'adjustment:A1', validDate: '2024-12-31', actor: 'officer', adjustmentId: 'A1', ruleSet: 'pan-atlantic', target: { kind: 'filter', filter: { minRating: 1200 } }, change: { kind: 'shift', by: 15 }, reason: 'annual drift correction 2024', operation: 'drift-correction', details: { cohort: 40, allowed: 20, applied: 15 } },
    { type: 'GradeAwarded', version: 1, eventId: 'grade:fesa:P1:1 Dan', validDate: '2024-03-01', actor: 'officer', playerId: 'P1', ruleSet: 'fesa', grade: '1 Dan', reason: 'ratified by the national federation' },
    { type: 'RuleSetAdopted', version: 1, eventId: 'rules:fesa:0799f15:2000-01-01', validDate: '2000-01-01', actor: 'officer', ruleSetId: 'fesa', ruleSetVersion: '0799f15', options: {} },
    { type: 'RatingListPublished', version: 1, eventId: 'list:2024-03', validDate: '2024-03-01', actor: 'officer', listId: '2024-03', asOf: '2024-03-01', ruleSet: 'fesa', format: 'fesa', contentHash: 'ab'.repeat(32) },
    { type: 'OfficerAppointed', version: 1, eventId: 'officer:kari:1', validDate: '2024-01-02', actor: 'president', officer: 'kari', role: 'officer', reason: 'elected rating officer' },
    { type: 'OfficerRevoked', version: 1, eventId: 'officer:kari:2', validDate: '2025-01-02', actor: 'president', officer: 'kari', reason: 'term ended' },
    { type: 'SubmissionReceived', version: 1, eventId: 'submission:S1:received', validDate: '2024-05-01', actor: 'ola', submissionId: 'S1', role: 'organiser', tournamentId: 'T1', format: 'trf', files: [{ name: 't1.trf', base64: 'MDEyIE9zbG8gT3Blbg==' }], contentHash: 'ab'.repeat(32) },
    { type: 'SubmissionApproved', version: 1, eventId: 'submission:S1:approved', validDate: '2024-05-02', actor: 'kari', submissionId: 'S1', reason: 'cross table checked' },
    { type: 'SubmissionRejected', version: 1, eventId: 'submission:S2:rejected', validDate: '2024-05-02', actor: 'kari', submissionId: 'S2', reason: 'round 3 is missing' },
  ] as DomainEvent[];
