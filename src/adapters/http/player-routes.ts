import type express from 'express';
import * as E from 'fp-ts/Either';
import type { Career, Explanation, RuleSetCareer, RuleSetExplanation } from './answers/careers';
import type { PlayerRecord, PlayersPage } from './answers/directories';
import { leadingFirst, playerRulesOf } from './player-rules';
import { NotFound } from './problems';
import { publicOfficerFacts, publicPlayer, seesPersonalData } from './personal';
import { queryOf } from './query';
import { careerNow, explanationNow } from './read-models';
import type { ServerContext } from './server-context';

/** The players: a page of the directory, one player with his careers, his history and a tournament's explanation. */
export const mountPlayerRoutes = (app: express.Express, { directories, players, models, foldJobs, ratedViews, publicRead, ruleSetOf }: ServerContext): void => {
  /** The directories caught up, once `playerId` is known to them (404 else). */
  const registered = async (playerId: string) => {
    const now = await directories.caughtUp();
    if (!now.players.registrationOf(playerId)) throw new NotFound(`no player "${playerId}" in the ledger`);
    return now;
  };

  // by name, 100 a page, searchable: the same page a browser shows at this URL
  app.get('/players', ...publicRead, async (req, res) => {
    const q = queryOf(req);
    const { shown, paging } = await players.page((q.string('q') ?? '').trim(), q.int('page', 1) ?? 1);
    const body: PlayersPage = { players: seesPersonalData(res) ? shown : shown.map(publicPlayer), ...paging };
    res.json(body);
  });

  app.get('/players/:id', ...publicRead, async (req, res) => {
    const playerId = req.params.id as string;
    const now = await directories.caughtUp();
    const registration = now.players.registrationOf(playerId);
    if (!registration) throw new NotFound(`no player "${playerId}" in the ledger`);
    const { fesa, leading } = playerRulesOf(req);
    const { career } = await careerNow(models, foldJobs, fesa, playerId);
    if (E.isLeft(career)) throw new NotFound(career.left);
    const mergedInto = now.players.mergedIdOf(playerId);
    const ruleSets = leadingFirst(await ratedViews.careersOf(now, playerId), leading);
    const body: PlayerRecord = { registration: seesPersonalData(res) ? registration : publicPlayer(registration), ...(mergedInto === undefined ? {} : { mergedInto }), career: career.right, ruleSets };
    res.json(body);
  });

  app.get('/players/:id/history', ...publicRead, async (req, res) => {
    const playerId = req.params.id as string;
    const { leading } = playerRulesOf(req);
    if (leading !== undefined) {
      // under another rule set: his record under it, as his page shows it
      const now = await registered(playerId);
      const record = (await ratedViews.careersOf(now, playerId)).find((c) => c.ruleSet === leading);
      if (record === undefined) throw new NotFound(`${playerId} is not rated under ${leading}`);
      const body: RuleSetCareer = record;
      res.json(body);
      return;
    }
    const { career } = await careerNow(models, foldJobs, ruleSetOf(req), playerId);
    if (E.isLeft(career)) throw new NotFound(career.left);
    const body: Career = career.right;
    res.json(body);
  });

  app.get('/players/:id/explain', ...publicRead, async (req, res) => {
    const playerId = req.params.id as string;
    const tournamentId = queryOf(req).string('tournament');
    const { leading } = playerRulesOf(req);
    if (leading !== undefined) {
      // under another rule set: game by game in its own terms, as `ledger explain --rules` prints it
      const { position } = await registered(playerId);
      const explained = await foldJobs({ kind: 'rule-set-explanation', playerId, position, ruleSet: leading, ...(tournamentId !== undefined ? { tournamentId } : {}) });
      if (E.isLeft(explained)) throw new NotFound(explained.left);
      // (its officer facts name no officer: nothing to hide from a reader not signed in)
      const body: RuleSetExplanation = explained.right;
      res.json(body);
      return;
    }
    const { explanation } = await explanationNow(models, foldJobs, ruleSetOf(req), playerId, tournamentId);
    if (E.isLeft(explanation)) throw new NotFound(explanation.left);
    const { data } = explanation.right;
    const body: Explanation = seesPersonalData(res) ? data : { ...data, officerFacts: publicOfficerFacts(data.officerFacts) };
    res.json(body);
  });
};
