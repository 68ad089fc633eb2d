/** The routes of the rating lists: the list of a date, the published lists, and the diffs. */
import { GENERIC_RULE_SETS } from '../../../projections/generic/systems';
import { badParameter, common, date, folds, int, needsToken, okOrPage, page, pageProblems, pathParam, problem, problemOrPage, publicRoute, query, ref, security, str } from './openapi-schema';

export const rules = query('rules', { type: 'string', enum: ['fesa', 'fesa-published'] }, 'Fold every tournament under this FESA rule set (default: each under the rule set adopted for it).');
const listRules = query(
  'rules',
  { type: 'string', enum: ['fesa', 'fesa-published', ...GENERIC_RULE_SETS] },
  'fesa or fesa-published: fold every tournament under this FESA rule set (default: each under the rule set adopted for it). Any other: that rule set\'s list of the tournaments rated under it as recorded, with names, the system\'s grade where it has grades, everybody rated unless active-years says otherwise (JSON RuleSetList; formats json, csv, table).',
);
/** A diff's search and pages, the same for its page and its JSON. */
const diffPaging = [
  query('q', str, 'Only players whose name or id holds these words.'),
  query('page', int, 'Which page of 100 of the players whose list entry differs (default 1).'),
  query('runs-page', int, 'Which page of 100 of the ratings after a tournament that differ (default 1).'),
];

const listContent = {
  'application/json': { schema: { anyOf: [ref('List'), ref('RuleSetList')] } },
  'text/csv': { schema: str },
  'text/plain': { schema: str },
};
const listHeaders = {
  ETag: { description: 'The list\'s SHA-256 in quotes; send it back in If-None-Match for a 304.', schema: str },
  'X-Content-SHA256': { description: 'SHA-256 of the body bytes (hex).', schema: str },
};

export const listPaths = {
  '/lists': {
    get: {
      summary: 'The rating list of a date (public); as known at a past position or time (auditor, with known-at)',
      ...publicRoute,
      parameters: [
        query('as-of', date, 'The list\'s date (default today).'),
        query('format', { type: 'string', enum: ['json', 'csv', 'table', 'fesa', 'fesa-all'] }, 'fesa is the official program\'s ratingliste.post, fesa-all its all.txt; both ISO-8859-1.'),
        query('active-years', int, 'Players active in the last N years (0 = all; default 2).'),
        listRules,
        query('known-at', str, 'As the ledger knew it at this global position or ISO time (auditor).'),
        query('q', str, 'Page only: players whose name holds these words.'),
        query('sort', str, 'Page only: the column to sort by.'),
        query('dir', str, 'Page only: asc or desc.'),
        query('page', int, 'Page only: which page of 100 players.'),
        { name: 'If-None-Match', in: 'header', schema: str, description: 'An ETag from an earlier answer.' },
        { name: 'X-Ledger-Min-Position', in: 'header', schema: int, description: 'Wait until the list reflects at least this log position (e.g. a write\'s acknowledged position); without it a list kept from before a running catch-up may be given.' },
      ],
      responses: {
        '200': {
          description: 'The list; for a browser without format and known-at, the list page (as GET / with Accept: text/html).',
          headers: { ...listHeaders, 'X-Ledger-Position': { description: 'The log position the list reflects (as known now).', schema: str } },
          content: { ...listContent, ...page },
        },
        '304': { description: 'Unchanged since the ETag sent in If-None-Match.' },
        ...badParameter,
        ...needsToken,
        ...folds,
        ...common,
        ...pageProblems,
      },
    },
  },
  '/lists/published': {
    get: {
      summary: 'Every published list in recorded order: date, rule set, format, hash, when, and by whom to a signed-in reader (for a browser: the archive page)',
      ...publicRoute,
      responses: {
        '200': okOrPage('The published lists.', ref('PublishedLists')),
        ...needsToken,
        ...common,
        ...pageProblems,
      },
    },
  },
  '/lists/published/{id}': {
    get: {
      summary: 'A published list, byte for byte as published (immutable)',
      ...publicRoute,
      parameters: [pathParam('id', 'List id.'), query('download', str, 'Any value: the bytes, even for a browser (which otherwise gets the list\'s page).'), { name: 'If-None-Match', in: 'header', schema: str }],
      responses: {
        '200': { description: 'The list, Cache-Control immutable; for a browser without download, the list\'s page.', headers: listHeaders, content: { ...listContent, ...page } },
        '304': { description: 'Unchanged (it never changes).' },
        '404': problemOrPage('No list published under this id.'),
        ...needsToken,
        ...folds,
        ...common,
        '409': problem('The list is in the log but cannot be reproduced (an unknown rule set or format, or other bytes), or the ledger holds facts its rule set cannot rate (`detail` names them).'),
      },
    },
  },
};

export const diffPaths = {
  '/lists/published/{id}/diff': {
    get: {
      summary: 'What changed since a list was published (100 players of the list and 100 ratings after a tournament a page; for a browser, the page)',
      ...publicRoute,
      parameters: [pathParam('id', 'List id.'), ...diffPaging],
      responses: { '200': okOrPage('The diff (of a list published under a non-FESA rule set: RuleSetListDiff, the players whose rating or grade changed).', { anyOf: [ref('Diff'), ref('RuleSetListDiff')] }), ...badParameter, '404': problemOrPage('No list published under this id.'), ...needsToken, ...folds, ...common, ...pageProblems, '409': problemOrPage('The list cannot be reproduced, or the ledger holds facts its rule set cannot rate (`detail` names them).') },
    },
  },
  '/diff': {
    get: {
      summary: 'What two rule sets make of the same facts (auditor): two FESA rule sets list by list, 100 players and 100 ratings a page (Diff); any other pair player by player, 100 a page, as `ledger diff --rules A --rules B` puts them (SideBySideDiff); for a browser, the page comparing them (rules optional there: fesa and fesa-published), signed in with Basic credentials (the token as the password)',
      ...security('auditor'),
      parameters: [query('rules', { type: 'array', items: { type: 'string', enum: ['fesa', 'fesa-published', ...GENERIC_RULE_SETS] } }, 'Twice: rules=A&rules=B, any two rule sets.', true), query('as-of', date, 'Default today.'), ...diffPaging],
      // kept per head of the log as the public reads are (answer-cache.ts): the same answer again costs no fold
      responses: {
        '200': { ...okOrPage('The diff.', { anyOf: [ref('Diff'), ref('SideBySideDiff')] }), headers: { ETag: { description: 'SHA-256 of the body bytes in quotes; send it back in If-None-Match for a 304.', schema: str } } },
        '304': { description: 'Unchanged since the ETag sent in If-None-Match (while the log has not grown).' },
        ...badParameter, ...needsToken, ...folds, ...common, ...pageProblems,
      },
    },
  },
};
