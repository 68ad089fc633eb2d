/** The answers of organisers' submissions (submission-routes.ts): a submission, what approving it would change, the decisions. */
import * as t from 'io-ts';
import { SUBMISSION_FORMATS } from '../../../../domain/events';
import type { SubmissionPreview, SubmissionView } from '../../../app/submissions';
import type { SubmissionDifferences } from '../../../app/submissions/contents';
import { component, described } from '../codec-schema';
import { Consequences } from './ledger';
import { ListChange, RunChange } from './lists';
import { date, integer, keys, nullable, sameShape } from './parts';

const tournament = t.type({ tournamentId: t.string, ruleSet: t.string, players: integer, withId: integer, matched: integer, newPlayers: integer, openingBalances: integer, games: integer, byes: integer });

/**
 * What approving a submission would change (or changed): the players of today's FESA list and the re-rated
 * tournaments; for a TRF or EGD file also what it holds, for a games CSV how many games are new, and before approval
 * how each player of the files is matched (by id, by name, or new).
 */
export const Preview = component(
  'SubmissionPreview',
  t.intersection([
    t.type({ runs: t.readonlyArray(RunChange), list: t.readonlyArray(ListChange) }),
    t.partial({
      consequences: described(Consequences, 'Per tournament and player the rating and grade before → after under the rule set each is rated with, as a write answers them.'),
      corrections: described(integer, 'Of FESA files for a tournament recorded already: how many of its results they correct.'),
      tournament,
      games: described(t.type({ rows: integer, recorded: integer, unchanged: integer }), 'Of a games CSV: its rows, those that would be recorded, those the ledger holds already.'),
      players: described(t.readonlyArray(t.type({ playerId: t.string, name: t.string, by: keys('id', 'name', 'new') })), 'Each player of the files: the ledger player he is or would be, and how he is matched.'),
    }),
  ]),
);
sameShape<t.TypeOf<typeof Preview>, SubmissionPreview>(true);

const status = keys('pending', 'approved', 'rejected');

/** What changed in the files since an earlier submission of the same tournament (a pending one first). */
const Differences = t.type({
  since: t.string,
  sinceStatus: status,
  changes: t.readonlyArray(t.intersection([t.type({ subject: keys('player', 'game'), key: t.string, change: keys('added', 'removed', 'changed') }), t.partial({ before: t.string, after: t.string })])),
});
sameShape<t.TypeOf<typeof Differences>, SubmissionDifferences>(true);

/** The import options sent with the files (domain/events SubmissionImportOptions, as the view gives them back). */
const Options = t.partial({ ruleSet: t.string, startDate: date, endDate: date });
sameShape<t.TypeOf<typeof Options>, NonNullable<SubmissionView['options']>>(true);

const recorded = { recordedAt: nullable(t.string), position: integer };

/** A submission as its reader sees it, with (while pending) what approving it would change now. */
export const Submission = component(
  'Submission',
  t.intersection([
    t.type({
      submissionId: t.string,
      tournamentId: t.string,
      format: keys(...SUBMISSION_FORMATS),
      submitter: t.string,
      role: t.string,
      receivedOn: date,
      received: described(t.type(recorded), 'When the ledger recorded it: time and log position.'),
      files: t.readonlyArray(t.string),
      contentHash: t.string,
      status,
    }),
    t.partial({
      options: Options,
      decision: t.type({ by: t.string, on: date, reason: t.string, ...recorded }),
      preview: Preview,
      previewRefused: described(t.string, 'Why approving the pending submission now would be refused (the ledger moved since it was checked).'),
      differences: Differences,
    }),
  ]),
);
export type Submission = t.TypeOf<typeof Submission>;

export const SubmissionList = component('SubmissionList', t.type({ submissions: t.readonlyArray(Submission) }));
export type SubmissionList = t.TypeOf<typeof SubmissionList>;

/** POST /submissions: received and pending (appended), or these files were received already (unchanged). */
export const Receipt = component('SubmissionReceipt', t.intersection([t.type({ submissionId: t.string, status: keys('appended', 'unchanged'), preview: Preview }), t.partial({ differences: Differences })]));
export type Receipt = t.TypeOf<typeof Receipt>;

/** An approval recorded with what it changed, or one already recorded (nothing changed). */
export const Approval = component(
  'SubmissionApproval',
  t.union([t.type({ submissionId: t.string, status: t.literal('appended'), recorded: integer, changes: Preview }), t.type({ submissionId: t.string, status: t.literal('unchanged'), recorded: integer })]),
);
export type Approval = t.TypeOf<typeof Approval>;

export const Rejection = component('SubmissionRejection', t.type({ submissionId: t.string, status: keys('appended', 'unchanged') }));
export type Rejection = t.TypeOf<typeof Rejection>;
