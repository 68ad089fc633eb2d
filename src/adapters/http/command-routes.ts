import type express from 'express';
import { namesakeNotice } from '../../app/namesakes';
import { LivePlayerNames } from '../../app/player-names';
import type { CommandResult } from './answers/ledger';
import { signedIn } from './access';
import { dryRunOf, recordCommand } from './command-answer';
import { ROUTED_ELSEWHERE } from './openapi-commands';
import { Problem } from './problems';
import type { ServerContext } from './server-context';

const OFFICER_COMMANDS = new Set(['AppointOfficer', 'RevokeOfficer']);

/**
 * `POST /commands`: every write through the same deciders as the CLI, with the signed-in officer as its actor. A
 * command refused for one of its fields ("field `ratingSystem`: …") names it as the problem's parameter too.
 */
export const mountCommandRoutes = (app: express.Express, { ledger, checkpoints, access, writes, turn, objectBody, wrote }: ServerContext): void => {
  // who bears which name, from the saved model and the naming facts since (the deciders' state is not held)
  const playerNames = new LivePlayerNames(ledger.store, checkpoints);
  app.post('/commands', access('officer'), ...writes, async (req, res) => {
    const who = signedIn(res)!;
    const body = objectBody(req, res, 'a JSON object with a kind, such as {"kind":"ReportGame", …}');
    if (OFFICER_COMMANDS.has(body.kind as string)) {
      if (who.role !== 'admin') throw new Problem(403, 'forbidden', `${String(body.kind)} needs the admin role; ${who.officer} is an ${who.role}`, { requiredRole: 'admin' });
      throw new Problem(422, 'use-officers-route', `officers are appointed and revoked through POST /officers and DELETE /officers/:name, which also issue and withdraw their tokens`, { parameter: 'kind' });
    }
    if ((ROUTED_ELSEWHERE as readonly unknown[]).includes(body.kind)) {
      throw new Problem(422, 'use-submissions-route', `submissions are received, approved and rejected through /submissions, which checks their files first`, { parameter: 'kind' });
    }
    if (body.actor !== undefined && body.actor !== who.officer) {
      throw new Problem(422, 'actor-not-signed-in', `the actor is the signed-in officer (${who.officer}); the body names ${JSON.stringify(body.actor)}: leave actor out`, { parameter: 'actor' });
    }
    if (body.eventId !== undefined) {
      throw new Problem(422, 'event-id-derived', 'eventId is derived from the command\'s own ids (so a resubmission is never recorded twice); leave it out', { parameter: 'eventId' });
    }
    // a published list's hash is the ledger's own (of the list it writes), never the caller's: see app/publish.ts
    // an opening balance from a legacy list's values: the rule set's own state is the ledger's to build (as the CLI's)
    const dryRun = dryRunOf(req.query['dry-run']);
    const { result, consequences } = await turn(() => recordCommand(ledger, body, who.officer, dryRun));
    wrote(who.officer, result.position);
    // a registered namesake: the answer says how FESA files tell him apart (list-names.ts)
    const namesake = body.kind === 'RegisterPlayer' && typeof body.playerId === 'string' && !dryRun ? await namesakeNotice(ledger.store, await playerNames.now(), body.playerId) : undefined;
    const answer: CommandResult = { ...result, dryRun, ...consequences, ...(namesake === undefined ? {} : { namesake }) };
    res.status(result.status === 'appended' && !dryRun ? 201 : 200).json(answer);
  });
};
