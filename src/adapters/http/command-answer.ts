import type { Command } from '../../../domain/commands/decide';
import type { LedgerState } from '../../../domain/commands/state';
import { recordWithConsequences, type RecordedWithConsequences } from '../../app/consequences';
import type { Ledger } from '../../app/ledger';
import { balanceRequestOf, openingBalanceCommand, refuseBalanceAfterToday } from '../../app/opening-balance';
import { publishList, type PublishRequest } from '../../app/publish';
import { today } from '../clock';
import { LIST_PRINTER } from '../formats/list-printer';
import { Problem } from './problems';

/** `?dry-run=true` decides the command and answers with what it would change, recording nothing. */
export const dryRunOf = (value: unknown): boolean => {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  throw new Problem(400, 'bad-parameter', `dry-run must be true or false, got ${JSON.stringify(value)}`, { parameter: 'dry-run' });
};

/**
 * A correction names only what changes, as `ledger game correct` does: the game's other facts are its current
 * ones (an unknown tournament or game is left to the decider, which says which).
 */
const correctionOf = (body: Record<string, unknown>, officer: string) => (state: LedgerState): Command => {
  const game = typeof body.tournamentId === 'string' && typeof body.gameId === 'string' ? state.tournaments.get(body.tournamentId)?.games.get(body.gameId) : undefined;
  return { ...(game?.facts ?? {}), validDate: today(), ...body, actor: officer } as Command;
};

/**
 * What `POST /commands` records for a body (a published list's hash and an opening balance's rule-set state are
 * the ledger's own, see app/publish.ts and app/opening-balance.ts), with the ratings it changes.
 */
export const recordCommand = async (ledger: Ledger, body: Record<string, unknown>, officer: string, dryRun: boolean): Promise<RecordedWithConsequences> => {
  if (body.kind === 'PublishRatingList') {
    // publishing changes no rating: its answer is the list's hash, which a dry run could not promise
    if (dryRun) throw new Problem(422, 'no-dry-run', 'PublishRatingList changes no rating and cannot be tried out: GET /lists shows the list it would publish', { parameter: 'dry-run' });
    return { result: (await publishList(ledger, LIST_PRINTER, { ...(body as unknown as PublishRequest), actor: officer })).result, consequences: { changes: [], list: [] }, dryRun };
  }
  if (body.kind === 'RecordOpeningBalance') return recordWithConsequences(ledger, (state) => openingBalanceCommand(balanceRequestOf(body), state, officer, today()), dryRun);
  if (body.kind === 'ImportOpeningBalance' && typeof body.validDate === 'string') {
    // the raw fact, as the importers make it: no more than RecordOpeningBalance may it be dated after today
    const { playerId, ruleSet, validDate } = body;
    return recordWithConsequences(ledger, (state) => {
      refuseBalanceAfterToday(state, String(playerId), String(ruleSet), validDate, today());
      return { ...body, actor: officer } as Command;
    }, dryRun);
  }
  if (body.kind === 'CorrectResult') return recordWithConsequences(ledger, correctionOf(body, officer), dryRun);
  return recordWithConsequences(ledger, { ...body, actor: officer } as Command, dryRun);
};
