import { SUBMISSION_FORMATS, SubmissionImportOptions } from '../../../domain/events';
import { codecSchema } from './codec-schema';
import { CONSEQUENCES_PROPERTIES } from './consequences-schema';
import { array, common, date, int, needsToken, nullable, object, ok, okOrPage, pageProblems, pathParam, problem, security, str, writes, writeSecurity } from './openapi-schema';
import { DecisionBody, SubmissionBody } from './submission-routes';

const runs = array(object({ tournamentId: str, date: str, playerId: str, oldRating: nullable({ type: 'number' }), newRating: nullable({ type: 'number' }) }, undefined, false));
const list = array(object({ playerId: str, oldRating: nullable({ type: 'number' }), newRating: nullable({ type: 'number' }), oldGrade: str, newGrade: str }, undefined, false));
const tournament = object({ tournamentId: str, ruleSet: str, players: int, withId: int, matched: int, newPlayers: int, openingBalances: int, games: int, byes: int }, undefined, false);
const games = object({ rows: int, recorded: int, unchanged: int }, undefined, false);
const { changes, list: listed, unavailable } = CONSEQUENCES_PROPERTIES;
const consequences = {
  type: 'object',
  description: 'Per tournament and player the rating and grade before → after under the rule set each is rated with, as a write answers them.',
  properties: { changes, list: listed, unavailable },
  required: ['changes', 'list'],
  additionalProperties: false,
};
const players = array(object({ playerId: str, name: str, by: { enum: ['id', 'name', 'new'] } }, undefined, false));
/**
 * What approving a submission would change (or changed): the players of today's FESA list and the re-rated
 * tournaments; for a TRF or EGD file also what it holds, for a games CSV how many games are new, and before approval
 * how each player of the files is matched (by id, by name, or new).
 */
const preview = object(
  {
    runs,
    list,
    consequences,
    corrections: { ...int, description: 'Of FESA files for a tournament recorded already: how many of its results they correct.' },
    tournament,
    games: { ...games, description: 'Of a games CSV: its rows, those that would be recorded, those the ledger holds already.' },
    players: { ...players, description: 'Each player of the files: the ledger player he is or would be, and how he is matched.' },
  },
  ['runs', 'list'],
  false,
);
/** What changed in the files since an earlier submission of the same tournament (a pending one first). */
const differences = object(
  {
    since: str,
    sinceStatus: { enum: ['pending', 'approved', 'rejected'] },
    changes: array(object({ subject: { enum: ['player', 'game'] }, key: str, change: { enum: ['added', 'removed', 'changed'] }, before: str, after: str }, ['subject', 'key', 'change'], false)),
  },
  undefined,
  false,
);

const submissionView = object(
  {
    submissionId: str,
    tournamentId: str,
    format: { enum: [...SUBMISSION_FORMATS] },
    submitter: str,
    role: str,
    receivedOn: date,
    received: { ...object({ recordedAt: nullable(str), position: int }, undefined, false), description: 'When the ledger recorded it: time and log position.' },
    files: array(str),
    contentHash: str,
    options: codecSchema(SubmissionImportOptions),
    status: { enum: ['pending', 'approved', 'rejected'] },
    decision: object({ by: str, on: date, reason: str, recordedAt: nullable(str), position: int }, undefined, false),
    preview,
    previewRefused: { ...str, description: 'Why approving the pending submission now would be refused (the ledger moved since it was checked).' },
    differences,
  },
  ['submissionId', 'tournamentId', 'format', 'submitter', 'role', 'receivedOn', 'received', 'files', 'contentHash', 'status'],
  false,
);

const decided = (verb: 'approve' | 'reject') => ({
  post: {
    summary: verb === 'approve' ? "Approve a pending submission: its files' facts are recorded with the approval, in one command" : 'Reject a pending submission; nothing of its files is recorded',
    ...writeSecurity('officer'),
    parameters: [pathParam('id', 'The submission.')],
    requestBody: { required: true, content: { 'application/json': { schema: codecSchema(DecisionBody) } } },
    responses: {
      '200': ok('Already decided so: nothing recorded.', object({ submissionId: str, status: { const: 'unchanged' }, ...(verb === 'approve' ? { recorded: int } : {}) }, undefined, false)),
      '201': ok('Recorded.', object({ submissionId: str, status: { const: 'appended' }, ...(verb === 'approve' ? { recorded: int, changes: preview } : {}) }, undefined, false)),
      ...writes,
      ...needsToken,
      '422': problem('No reason, an unknown field, an unknown submission, or one already decided the other way.'),
      ...common,
    },
  },
});

/** The routes of organisers' submissions (submission-routes.ts). */
export const submissionPaths = {
  '/submissions': {
    get: {
      summary: 'The submissions the signed-in reader may see (an organiser his own; for a browser, the page with the form)',
      ...security('organiser'),
      responses: { '200': okOrPage('The submissions, in the order received.', object({ submissions: array(submissionView) }, undefined, false)), ...needsToken, ...common, ...pageProblems },
    },
    post: {
      summary: "Submit a tournament's files: checked as their import would check them, recorded as pending; nothing is rated until an officer approves",
      ...writeSecurity('organiser'),
      requestBody: { required: true, content: { 'application/json': { schema: codecSchema(SubmissionBody) } } },
      responses: {
        '200': ok('These files were received already: nothing recorded.', object({ submissionId: str, status: { const: 'unchanged' }, preview, differences }, ['submissionId', 'status', 'preview'], false)),
        '201': ok('Received, pending.', object({ submissionId: str, status: { const: 'appended' }, preview, differences }, ['submissionId', 'status', 'preview'], false)),
        ...writes,
        ...needsToken,
        '422': problem('A field is missing or wrong, or a file is refused by its importer (`detail` names the file, line and field).'),
        ...common,
      },
    },
  },
  '/submissions/{id}': {
    get: {
      summary: 'One submission and, while pending, what approving it would change now (for a browser, the review page)',
      ...security('organiser'),
      parameters: [pathParam('id', 'The submission.')],
      responses: { '200': okOrPage('The submission.', submissionView), '404': problem('No such submission (or another organiser\'s).'), ...needsToken, ...common, ...pageProblems },
    },
  },
  '/submissions/{id}/approve': decided('approve'),
  '/submissions/{id}/reject': decided('reject'),
};
