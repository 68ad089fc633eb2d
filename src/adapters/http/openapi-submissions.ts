import { codecSchema } from './codec-schema';
import { common, needsToken, ok, okOrPage, pageProblems, pathParam, problem, ref, security, writes, writeSecurity } from './openapi-schema';
import { DecisionBody, SubmissionBody } from './submission-routes';

const decided = (verb: 'approve' | 'reject') => ({
  post: {
    summary: verb === 'approve' ? "Approve a pending submission: its files' facts are recorded with the approval, in one command" : 'Reject a pending submission; nothing of its files is recorded',
    ...writeSecurity('officer'),
    parameters: [pathParam('id', 'The submission.')],
    requestBody: { required: true, content: { 'application/json': { schema: codecSchema(DecisionBody) } } },
    responses: {
      '200': ok('Already decided so: nothing recorded.', ref(verb === 'approve' ? 'SubmissionApproval' : 'SubmissionRejection')),
      '201': ok(verb === 'approve' ? 'Recorded, with what it changed.' : 'Recorded.', ref(verb === 'approve' ? 'SubmissionApproval' : 'SubmissionRejection')),
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
      responses: { '200': okOrPage('The submissions, in the order received.', ref('SubmissionList')), ...needsToken, ...common, ...pageProblems },
    },
    post: {
      summary: "Submit a tournament's files: checked as their import would check them, recorded as pending; nothing is rated until an officer approves",
      ...writeSecurity('organiser'),
      requestBody: { required: true, content: { 'application/json': { schema: codecSchema(SubmissionBody) } } },
      responses: {
        '200': ok('These files were received already: nothing recorded.', ref('SubmissionReceipt')),
        '201': ok('Received, pending.', ref('SubmissionReceipt')),
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
      responses: { '200': okOrPage('The submission.', ref('Submission')), '404': problem('No such submission (or another organiser\'s).'), ...needsToken, ...common, ...pageProblems },
    },
  },
  '/submissions/{id}/approve': decided('approve'),
  '/submissions/{id}/reject': decided('reject'),
};
