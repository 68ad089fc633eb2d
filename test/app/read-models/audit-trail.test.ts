import { describe, expect, it } from 'vitest';
import type { LoggedEvent } from '../../../domain/events';
import { foldReadModel } from '../../../src/app/read-model';
import { AUDIT_TRAIL } from '../../../src/app/read-models/audit-trail';
import { sampleEvents } from '../../support/samples';

const logged = (types: readonly string[]): LoggedEvent[] =>
  sampleEvents()
    .filter((e) => types.includes(e.type))
    .map((event, i) => ({ event, globalPosition: 10 + i, recordedAt: `2024-05-0${i + 1}T09:00:00.000Z` }));

describe('the audit trail holds the submissions (issue 33)', () => {
  it('who submitted which files, who approved, on which date, why, and when each was recorded', () => {
    const trail = foldReadModel(AUDIT_TRAIL, logged(['SubmissionReceived', 'SubmissionApproved']));
    expect([...trail.submissions.values()]).toEqual([
      {
        submissionId: 'S1',
        tournamentId: 'T1',
        format: 'trf',
        role: 'organiser',
        files: ['t1.trf'],
        contentHash: 'ab'.repeat(32),
        received: { by: 'ola', on: '2024-05-01', recordedAt: '2024-05-01T09:00:00.000Z', position: 10 },
        decision: { outcome: 'approved', reason: 'cross table checked', by: 'kari', on: '2024-05-02', recordedAt: '2024-05-02T09:00:00.000Z', position: 11 },
      },
    ]);
  });

  it('a decision on a submission the trail never received is not made into one', () => {
    const trail = foldReadModel(AUDIT_TRAIL, logged(['SubmissionReceived', 'SubmissionRejected']));
    expect([...trail.submissions.keys()]).toEqual(['S1']);
    expect(trail.submissions.get('S1')?.decision).toBeUndefined();
  });
});
