import * as E from 'fp-ts/Either';
import * as fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { rateEvent } from '../../../domain/rules/fesa/rate-event';
import { FesaProjection } from '../../../projections/fesa/incremental';
import { foldFesa } from '../../../projections/fesa/history';
import { LedgerFailure, unratable } from '../../../src/app/failure';
import { CommandRejected } from '../../../src/app/ledger';
import { KnownAtError } from '../../../src/app/load';
import { UnknownListError, UnreproducibleListError } from '../../../src/app/lists';
import { UnknownTournamentError } from '../../../src/app/tournaments';
import { problemHandler, type ProblemBody } from '../../../src/adapters/http/problems';
import { ledgers } from '../../support/gen';

/** What problemHandler sends for `error`: status and problem body. */
const sent = (error: unknown): { status: number; body: ProblemBody } => {
  let status = 0;
  let text = '';
  const res = {
    set: () => res,
    status: (s: number) => ((status = s), res),
    type: () => res,
    send: (t: string) => ((text = t), res),
  };
  problemHandler(error, {} as never, res as never, () => undefined);
  return { status, body: JSON.parse(text) as ProblemBody };
};

describe('errors keep their kind and engine code from the core to the HTTP boundary', () => {
  it('a tournament the FESA engine refuses: the fold keeps its code, the problem carries it', () => {
    const refusing: typeof rateEvent = (_list, _new, event) => E.left({ code: 'no-convergence', message: `The ratings of event "${event.name}" do not settle` });
    const [sample] = fc.sample(ledgers(6, 3).filter(({ facts }) => { const f = foldFesa(facts); return E.isRight(f) && f.right.runs.length > 0; }), { numRuns: 1, seed: 15 });
    const projection = new FesaProjection({ engine: refusing });
    projection.apply(sample!.facts);
    const folded = projection.current();
    expect(E.isLeft(folded) && folded.left).toMatchObject({ code: 'no-convergence', message: expect.stringMatching(/^tournament "[^"]+" \(\d{4}-\d\d-\d\d\): The ratings of event .* do not settle$/) });
    if (E.isRight(folded)) return;
    const failure = unratable(folded.left);
    expect(failure).toMatchObject({ kind: 'unratable', detail: { code: 'no-convergence' } });
    expect(sent(failure)).toEqual({ status: 409, body: { type: 'urn:rating-ledger:problem:unratable-ledger', title: 'Conflict', status: 409, detail: folded.left.message, code: 'no-convergence' } });
  });

  it('each kind of failure has one status and problem type', () => {
    const cases: [LedgerFailure, number, string, string | undefined][] = [
      [new KnownAtError('--known-at must be a global position'), 400, 'bad-parameter', 'known-at'],
      [new UnknownTournamentError('no tournament "t9" in the ledger'), 404, 'not-found', undefined],
      [new UnknownListError('L1'), 404, 'not-found', undefined],
      [new CommandRejected('player "p1" is not registered'), 422, 'command-rejected', undefined],
      [new UnreproducibleListError('published list "L1" cannot be reproduced'), 409, 'list-not-reproducible', undefined],
    ];
    for (const [failure, status, slug, parameter] of cases) {
      const { body } = sent(failure);
      expect(body).toEqual({ type: `urn:rating-ledger:problem:${slug}`, title: body.title, status, detail: failure.message, ...(parameter !== undefined ? { parameter } : {}) });
    }
  });
});
