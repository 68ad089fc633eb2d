import type express from 'express';
import type { RequestHandler, Response } from 'express';
import { crosstableOfInputs, reportedGamesOf } from '../../app/tournaments';
import { formatTurneringHtml } from '../formats/fesa/turnering-html';
import type { CrossTable, RatedTournament, RatedTournamentUnder, TournamentsPage } from './answers/directories';
import type { FoldJobs } from './fold-jobs';
import { playerRulesOf } from './player-rules';
import { BadRequest, NotFound } from './problems';
import { withoutActor, seesPersonalData } from './personal';
import { queryOf } from './query';
import type { ServerContext } from './server-context';
import { tournamentNow } from './tournament-index';

/**
 * The official program's turnering.html, byte for byte: it writes names as they were given, markup and all (a family
 * name `<meta http-equiv="refresh" …>` would send a visitor elsewhere, and a CSP does not stop a refresh). So it is
 * a file to save, never a page of this site: an attachment, not sniffed, and sandboxed should a browser show it.
 */
const sendProgramHtml = (res: Response, tournamentId: string, text: string): void => {
  res.attachment(`${tournamentId}-turnering.html`);
  res.set('Content-Type', 'text/html; charset=iso-8859-1').set('Content-Security-Policy', "sandbox; default-src 'none'").set('X-Content-Type-Options', 'nosniff');
  res.send(Buffer.from(text, 'latin1'));
};

/** The fold guards (rate limit, folds at once) for a request under a non-FESA rule set, which folds the whole log. */
export const foldsUnderOtherRuleSet = (folds: readonly RequestHandler[]): RequestHandler[] =>
  folds.map((guard): RequestHandler => (req, res, next) => (playerRulesOf(req).leading === undefined ? next() : guard(req, res, next)));

/** A tournament with every tournament of the ledger rated under `ruleSet` (a fold job), or a 404 naming it. */
export const tournamentUnder = async (foldJobs: FoldJobs, tournamentId: string, ruleSet: string): Promise<RatedTournamentUnder> => {
  const under = await foldJobs({ kind: 'tournament-under', tournamentId, ruleSet });
  if (under === null) throw new NotFound(`no tournament "${tournamentId}" in the ledger`);
  return { ...under.view, asked: { rules: ruleSet, enteredAtGrade: under.enteredAtGrade } };
};

/** The tournaments: a page of the directory, and one tournament's cross table with its games. */
export const mountTournamentRoutes = (app: express.Express, { ledger, directories, tournaments, models, foldJobs, ratedViews, publicRead, ruleSetOf, folds }: ServerContext): void => {
  // newest first, 100 a page, searchable by name: the same page a browser shows at this URL
  app.get('/tournaments', ...publicRead, async (req, res) => {
    const q = queryOf(req);
    const { shown, paging } = await tournaments.page((q.string('q') ?? '').trim(), q.int('page', 1) ?? 1);
    const personal = seesPersonalData(res);
    const body: TournamentsPage = { tournaments: shown.map((t) => ({ ...(personal ? t.registration : withoutActor(t.registration)), games: t.reported, closed: t.closed })), ...paging };
    res.json(body);
  });

  // A rated tournament's cross table with its games (as `tournament show --json`), or the official program's
  // turnering.html (ISO-8859-1, byte for byte); from the live projection, as the tournament page, so no request
  // folds the whole log again.
  app.get('/tournaments/:id', ...publicRead, ...foldsUnderOtherRuleSet(folds), async (req, res) => {
    const format = queryOf(req).oneOf('format', ['json', 'fesa-html']) ?? 'json';
    const tournamentId = req.params.id as string;
    // asked under a non-FESA rule set (`tournament show T --rules S`): every tournament of the ledger rated under it
    const other = playerRulesOf(req).leading;
    if (other !== undefined) {
      if (format !== 'json') throw new BadRequest(`format=${format} is the FESA program's page; under rules=${other} leave format out`, 'format');
      const body: RatedTournamentUnder = await tournamentUnder(foldJobs, tournamentId, other);
      res.json(body);
      return;
    }
    // a tournament under fide, uscf-k, gobase-go … (a TRF or EGD import): `tournament show --json`'s view, from the
    // part of the log its fold reads, without the FESA projections (which never rate it)
    const recorded = format === 'json' ? await ratedViews.ofOtherRuleSet(await directories.caughtUp(), tournamentId) : undefined;
    if (recorded !== undefined) {
      const body: RatedTournament = recorded;
      res.json(body);
      return;
    }
    // a FESA tournament the careers' read model rated: its cross table from what the engine rated it from
    const inputs = await models.tournament(ruleSetOf(req), tournamentId);
    if (inputs !== undefined) {
      const modelled = crosstableOfInputs(inputs);
      const body: CrossTable = { ...modelled, games: await reportedGamesOf(ledger.store, tournamentId) };
      if (format === 'json') res.json(body);
      else sendProgramHtml(res, tournamentId, formatTurneringHtml(modelled));
      return;
    }
    const { now, games, table } = await tournamentNow(ledger.store, directories, foldJobs, ruleSetOf(req), tournamentId);
    const crosstable = table.crosstable;
    if (typeof crosstable === 'string') {
      // a tournament under fide, uscf-k, gobase-go … that none of them rates (closed while a FESA rule set was
      // adopted): no view, and the sentence says why
      const rated = format === 'json' ? await ratedViews.at(now.position, tournamentId) : undefined;
      if (rated === undefined) throw new NotFound(crosstable);
      const body: RatedTournament = rated;
      res.json(body);
      return;
    }
    const body: CrossTable = { ...crosstable, games };
    if (format === 'json') res.json(body);
    else sendProgramHtml(res, tournamentId, formatTurneringHtml(crosstable));
  });
};
