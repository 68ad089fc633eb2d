import type express from 'express';
import * as E from 'fp-ts/Either';
import type { Career, Explanation } from './answers/careers';
import type { PlayerRecord, PlayersPage } from './answers/directories';
import { leadingFirst, playerRulesOf } from './player-rules';
import { NotFound } from './problems';
import { publicOfficerFacts, publicPlayer, seesPersonalData } from './personal';
import { queryOf } from './query';
import { careerNow, explanationNow } from './read-models';
import type { ServerContext } from './server-context';

/** The players: a page of the directory, one player with his careers, his history and a tournament's explanation. */
export const mountPlayerRoutes = (app: express.Express, { directories, players, models, foldJobs, ratedViews, publicRead, ruleSetOf }: ServerContext): void => {
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
    const { career } = await careerNow(models, foldJobs, ruleSetOf(req), req.params.id as string);
    if (E.isLeft(career)) throw new NotFound(career.left);
    const body: Career = career.right;
    res.json(body);
  });

  app.get('/players/:id/explain', ...publicRead, async (req, res) => {
    const tournamentId = queryOf(req).string('tournament');
    const { explanation } = await explanationNow(models, foldJobs, ruleSetOf(req), req.params.id as string, tournamentId);
    if (E.isLeft(explanation)) throw new NotFound(explanation.left);
    const { data } = explanation.right;
    const body: Explanation = seesPersonalData(res) ? data : { ...data, officerFacts: publicOfficerFacts(data.officerFacts) };
    res.json(body);
  });
};
