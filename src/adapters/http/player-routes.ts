import type express from 'express';
import * as E from 'fp-ts/Either';
import type { Career, Explanation, RuleSetCareer, RuleSetExplanation } from './answers/careers';
import type { PlayerRecord, PlayersPage } from './answers/directories';
import { hasFesaRecord, leadingFirst, playerRulesOf } from './player-rules';
import { NotFound } from './problems';
import { publicOfficerFacts, publicPlayer, seesPersonalData } from './personal';
import { queryOf } from './query';
import { careerNow, explanationNow } from './read-models';
import type { ServerContext } from './server-context';

/**
 * An answer under one of several rule sets he is rated under names the others, each as the URL that answers under it
 * (RFC 8288 `Link`, rel alternate), so a client asked nothing of which to pick learns there are more.
 */
const alternates = (res: express.Response, playerId: string, route: 'history' | 'explain', ruleSets: readonly string[]): void => {
  if (ruleSets.length > 0) res.setHeader('Link', ruleSets.map((r) => `</players/${encodeURIComponent(playerId)}/${route}?rules=${encodeURIComponent(r)}>; rel="alternate"; title="${r}"`).join(', '));
};

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
    // his FESA career (and its dan-qualifying table) where FESA rated him, or where nothing else did
    const fesaCareer = hasFesaRecord(career.right) || ruleSets.length === 0 ? { career: career.right } : {};
    const body: PlayerRecord = { registration: seesPersonalData(res) ? registration : publicPlayer(registration), ...(mergedInto === undefined ? {} : { mergedInto }), ...fesaCareer, ruleSets };
    res.json(body);
  });

  app.get('/players/:id/history', ...publicRead, async (req, res) => {
    const playerId = req.params.id as string;
    const { leading, fesaAsked } = playerRulesOf(req);
    /** His record under a non-FESA rule set, as his page shows it; `also`: the other rule sets he is rated under (a Link each). */
    const underRuleSet = async (ruleSet: string | undefined): Promise<boolean> => {
      const now = await registered(playerId);
      const careers = await ratedViews.careersOf(now, playerId);
      const record = careers.find((c) => ruleSet === undefined || c.ruleSet === ruleSet);
      if (record === undefined) {
        if (ruleSet === undefined) return false;
        throw new NotFound(`${playerId} is not rated under ${ruleSet}`);
      }
      alternates(res, playerId, 'history', careers.map((c) => c.ruleSet).filter((r) => r !== record.ruleSet));
      const body: RuleSetCareer = record;
      res.json(body);
      return true;
    };
    if (leading !== undefined) {
      await underRuleSet(leading);
      return;
    }
    const { career } = await careerNow(models, foldJobs, ruleSetOf(req), playerId);
    if (E.isLeft(career)) throw new NotFound(career.left);
    // never rated under FESA: his record under the (first) rule set he is rated under, as his page leads with it
    if (fesaAsked === undefined && !hasFesaRecord(career.right) && (await underRuleSet(undefined))) return;
    const body: Career = career.right;
    res.json(body);
  });

  app.get('/players/:id/explain', ...publicRead, async (req, res) => {
    const playerId = req.params.id as string;
    const tournamentId = queryOf(req).string('tournament');
    const { leading, fesaAsked } = playerRulesOf(req);
    const underRuleSet = async (ruleSet: string, others: readonly string[]): Promise<void> => {
      // under another rule set: game by game in its own terms, as `ledger explain --rules` prints it
      const { position } = await registered(playerId);
      const explained = await foldJobs({ kind: 'rule-set-explanation', playerId, position, ruleSet, ...(tournamentId !== undefined ? { tournamentId } : {}) });
      if (E.isLeft(explained)) throw new NotFound(explained.left);
      alternates(res, playerId, 'explain', others);
      // (its officer facts name no officer: nothing to hide from a reader not signed in)
      const body: RuleSetExplanation = explained.right;
      res.json(body);
    };
    if (leading !== undefined) {
      await underRuleSet(leading, []);
      return;
    }
    const { explanation } = await explanationNow(models, foldJobs, ruleSetOf(req), playerId, tournamentId);
    if (E.isLeft(explanation)) throw new NotFound(explanation.left);
    const { data } = explanation.right;
    if (fesaAsked === undefined && data.tournaments.length === 0 && data.officerFacts.length === 0) {
      // nothing FESA rated: under the rule sets he is rated under (the first; the others linked), as his page shows them
      const rated = (await ratedViews.careersOf(await registered(playerId), playerId)).map((c) => c.ruleSet);
      if (rated.length > 0) {
        await underRuleSet(rated[0]!, rated.slice(1));
        return;
      }
    }
    const body: Explanation = seesPersonalData(res) ? data : { ...data, officerFacts: publicOfficerFacts(data.officerFacts) };
    res.json(body);
  });
};
