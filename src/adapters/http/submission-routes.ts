import type express from 'express';
import type { Request, RequestHandler, Response } from 'express';
import * as E from 'fp-ts/Either';
import * as t from 'io-ts';
import { describeDecodeErrors } from '../../../domain/errors';
import { Id, NonEmptyString, SubmissionFormatC, SubmissionImportOptions, SubmittedFile } from '../../../domain/events';
import type { Ledger } from '../../app/ledger';
import { Submissions, type SubmissionDecision, type Submitter } from '../../app/submissions';
import { today } from '../clock';
import { SUBMISSION_READERS } from '../formats/submission-readers';
import { signedIn, wantsHtml, type Access } from './access';
import type { Approval, Receipt, Rejection, Submission, SubmissionList } from './answers/submissions';
import type { FoldJobs } from './fold-jobs';
import { Problem } from './problems';
import { SubmissionPreviews } from './submission-previews';
import { sendPage } from './pages/routes';
import { SUBMISSIONS_JS, submissionPage, submissionsPage } from './pages/submission-pages';

/** What an organiser's form (or script) sends: the tournament's files, each as its name and its bytes in base64. */
export const SubmissionBody = t.intersection([t.type({ tournamentId: Id, files: t.array(SubmittedFile) }), t.partial({ format: SubmissionFormatC, options: SubmissionImportOptions })]);
/** An officer's decision on a submission: the reason is required, the organiser reads it. */
export const DecisionBody = t.type({ reason: NonEmptyString });

/** The routes of this module with who may call them (GET / lists them with the server's own). */
export const SUBMISSION_ROUTES: readonly (readonly [route: string, access: Access])[] = [
  ['POST /submissions', 'organiser'],
  ['GET /submissions', 'organiser'],
  ['GET /submissions/:id', 'organiser'],
  ['POST /submissions/:id/approve', 'officer'],
  ['POST /submissions/:id/reject', 'officer'],
];

export interface SubmissionDependencies {
  readonly ledger: Ledger;
  readonly access: (route: Access) => RequestHandler;
  /** The server's guards of a write (rate limit, JSON body, depth). */
  readonly writes: readonly RequestHandler[];
  /** Runs a write in the server's turn with its worker (the SQLite file has one writer). */
  readonly turn: <A>(write: () => Promise<A>) => Promise<A>;
  /** Where the server's whole-log folds run (its worker under `ledger serve`). */
  readonly foldJobs: FoldJobs;
  /** A JSON object body, or the server's 400 naming what came instead. */
  readonly objectBody: (req: Request, res: Response, expected: string) => Record<string, unknown>;
  /** Notes the signed-in officer's write, so that his next read reflects it (server.ts: read-your-writes). */
  readonly wrote: (officer: string, position: number | undefined) => void;
}

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Fields a body may hold: a misspelt one is said, never ignored (an ignored `format` would import the wrong way). */
const refuseUnknownFields = (body: Record<string, unknown>, known: readonly string[], what: string, at = ''): void => {
  const unknown = Object.keys(body).find((k) => !known.includes(k));
  if (unknown !== undefined) throw new Problem(422, 'unknown-field', `unknown field "${at}${unknown}"; ${what} has ${known.join(', ')}`, { parameter: `${at}${unknown}` });
};

/** Decodes a body with its codec; the first field at fault is the problem's parameter. */
const decoded = <C extends t.Mixed>(codec: C, body: Record<string, unknown>): t.TypeOf<C> => {
  const result = codec.decode(body);
  if (E.isRight(result)) return result.right as t.TypeOf<C>;
  const sentence = describeDecodeErrors(result.left);
  throw new Problem(422, 'bad-field', sentence, { parameter: /^field `([^`]+)`/.exec(sentence)?.[1] ?? 'body' });
};

const submissionOf = (body: Record<string, unknown>): t.TypeOf<typeof SubmissionBody> => {
  refuseUnknownFields(body, ['tournamentId', 'format', 'files', 'options'], 'a submission');
  if (typeof body.options === 'object' && body.options !== null) refuseUnknownFields(body.options as Record<string, unknown>, ['ruleSet', 'startDate', 'endDate'], 'the options', 'options.');
  const submission = decoded(SubmissionBody, body);
  submission.files.forEach((f, i) => {
    refuseUnknownFields(f, ['name', 'base64'], 'a file', `files.${i}.`);
    if (!BASE64.test(f.base64)) throw new Problem(422, 'bad-field', `field \`files.${i}.base64\`: expected the bytes of ${f.name} in base64, got other characters`, { parameter: `files.${i}.base64` });
  });
  return submission;
};

/**
 * Organisers' submissions over HTTP (issue 33): an organiser (or an officer) sends a tournament's files, which are
 * checked as their import would check them and recorded as pending; an officer approves (the files are imported in
 * the same command) or rejects, with a reason. The same URLs answer a browser with the form and the review pages.
 */
export const mountSubmissions = (app: express.Express, deps: SubmissionDependencies): void => {
  const { ledger, access, writes, turn, foldJobs, objectBody, wrote } = deps;
  const submissions = new Submissions(ledger, SUBMISSION_READERS);
  // a check, a preview and an approval fold the whole log: on the worker, as every whole-log read (fold-jobs.ts)
  const previews = new SubmissionPreviews((submissionId) => foldJobs({ kind: 'submission-preview', submissionId }));
  const submitter = (res: Response): Submitter => {
    const who = signedIn(res)!;
    return { name: who.officer, role: who.role };
  };

  app.get('/assets/submissions.js', (_req, res) => {
    res.set('Cache-Control', 'public, max-age=3600').type('text/javascript; charset=utf-8').send(SUBMISSIONS_JS);
  });

  app.post('/submissions', access('organiser'), ...writes, async (req, res) => {
    const by = submitter(res);
    // an auditor outranks an organiser to read, but checks the federation's work rather than adding to it
    if (by.role === 'auditor') throw new Problem(403, 'forbidden', `submissions are sent by an organiser or an officer; ${by.name} is an auditor, who reads them (GET /submissions)`, { requiredRole: 'organiser' });
    const body = submissionOf(objectBody(req, res, 'a JSON object with tournamentId, files ([{name, base64}]) and format (default fesa)'));
    const input = { files: body.files, format: body.format ?? 'fesa', tournamentId: body.tournamentId, by, validDate: today(), ...(body.options !== undefined ? { options: body.options } : {}) };
    const { result, submissionId, preview, differences } = await submissions.submit(input, { check: (submission) => foldJobs({ kind: 'submission-check', submission }), inTurn: turn });
    wrote(by.name, result.position);
    const receipt: Receipt = { submissionId, status: result.status, preview, ...(differences ? { differences } : {}) };
    res.status(result.status === 'appended' ? 201 : 200).json(receipt);
  });

  app.get('/submissions', access('organiser'), async (req, res) => {
    const who = submitter(res);
    const views = await submissions.list(who);
    if (wantsHtml(req)) sendPage(res, submissionsPage(views, who, { computedAt: new Date(), position: await ledger.store.headPosition() }));
    else {
      const listed: SubmissionList = { submissions: views };
      res.json(listed);
    }
  });

  app.get('/submissions/:id', access('organiser'), async (req, res) => {
    const who = submitter(res);
    const head = await ledger.store.headPosition();
    const { view, review, differences } = await submissions.review(req.params.id as string, who, { listed: 'GET /submissions lists them', preview: (id) => previews.of(id, head) });
    if (wantsHtml(req)) sendPage(res, submissionPage(view, review, who, { computedAt: new Date(), position: head }, differences));
    else {
      const shown: Submission = { ...view, ...review, ...(differences ? { differences } : {}) };
      res.json(shown);
    }
  });

  const decision = (req: Request, res: Response): SubmissionDecision => {
    const body = objectBody(req, res, 'a JSON object with the reason, such as {"reason":"cross table checked"}');
    refuseUnknownFields(body, ['reason'], 'a decision');
    return { submissionId: req.params.id as string, by: signedIn(res)!.officer, reason: decoded(DecisionBody, body).reason, validDate: today() };
  };

  app.post('/submissions/:id/approve', access('officer'), ...writes, async (req, res) => {
    const input = decision(req, res);
    // not in the server's turn: the job's append takes it where the job runs (on the worker it would wait for this thread)
    const outcome = await foldJobs({ kind: 'submission-approve', decision: input });
    previews.decided(input.submissionId);
    if (outcome === null) {
      const already: Approval = { submissionId: input.submissionId, status: 'unchanged', recorded: 0 };
      res.json(already);
      return;
    }
    wrote(input.by, await ledger.store.headPosition());
    const approval: Approval = { submissionId: input.submissionId, status: 'appended', recorded: outcome.recorded, changes: outcome.changes };
    res.status(201).json(approval);
  });

  app.post('/submissions/:id/reject', access('officer'), ...writes, async (req, res) => {
    const input = decision(req, res);
    const result = await turn(() => submissions.reject(input));
    previews.decided(input.submissionId);
    wrote(input.by, result.position);
    const rejection: Rejection = { submissionId: input.submissionId, status: result.status };
    res.status(result.status === 'appended' ? 201 : 200).json(rejection);
  });
};
