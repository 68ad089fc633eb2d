/** The commands that print, publish and compare rating lists and explain them. */
import { type CommandDeclaration, repeated, runs, value } from '../declaration';
import { ENTRY, RULES_ADOPTED, RULES_ANY, RULES_FESA, TODAY, SHARED } from './shared-options';
import { LIST_LEGEND } from '../list-legend';

/** `rerate` / `diff --rules` for a few players: their rows of the whole answer, read from their rows of the saved models. */
const PLAYER = repeated('player', { text: 'answer for this player alone (his id or name; an id merged into another answers for the survivor): his rows on both lists, then the tournaments and list rows in which he differs; repeat for several', default: 'every player', example: '--player p12' });

export const listsCommands: readonly CommandDeclaration[] = [
  {
    name: 'list',
    summary: 'the rating list under any rule set as of a date (as known now, or --known-at), or a published list exactly',
    usage: 'list [--as-of YYYY-MM-DD] [--known-at POSITION|TIME] [--format table|csv|json|fesa|fesa-all] [--rules ID] [--active-years N] [--entry system|grade|RATING] [--out FILE] | list --published ID',
    epilogue: LIST_LEGEND,
    operands: [],
    options: [
      SHARED['as-of'],
      SHARED['known-at'],
      value('format', { text: "table, csv, json, fesa (the program's whole ratingliste.post, byte for byte) or fesa-all (its all.txt)", default: 'table (json with --json)', example: '--format csv' }),
      value('rules', { text: RULES_ANY, default: RULES_ADOPTED, example: '--rules fide' }),
      SHARED['active-years'],
      value('entry', { text: `${ENTRY} (non-FESA rule sets)`, default: 'system', example: '--entry grade' }),
      SHARED.out,
      value('published', { text: 'print a list recorded with list publish exactly as published, even after corrections', example: '--published 2024-04' }),
    ],
    run: runs('history', 'list'),
  },
  {
    name: 'list publish',
    summary: 'record that a list was published (its content hash), so it can be reproduced exactly later',
    usage: 'list publish --id ID --as-of YYYY-MM-DD [--format fesa|fesa-all|table|csv|json] [--rules ID] [--active-years N] [--entry system|grade|RATING] [--out FILE]',
    operands: [],
    options: [
      value('id', { text: 'the id the published list is known by', example: '--id 2024-04' }),
      value('as-of', { text: 'the date of the list, YYYY-MM-DD', example: '--as-of 2024-04-01' }),
      value('format', { text: 'the format published: fesa, fesa-all (FESA lists only), table, csv or json; its bytes are what the hash is taken of', default: 'table (json with --json)', example: '--format fesa-all' }),
      value('rules', { text: RULES_ANY, default: RULES_ADOPTED, example: '--rules fide' }),
      SHARED['active-years'],
      SHARED.entry,
      SHARED.out,
    ],
    run: runs('history', 'publish'),
  },
  {
    name: 'list bulletin',
    summary: 'what is new in a published list for players: new players, grade changes, biggest gains and losses, corrections since the list published before it',
    usage: 'list bulletin --published ID [--json]',
    operands: [],
    options: [
      value('published', { text: 'the published list (recorded with list publish) whose bulletin to print', example: '--published 2024-04' }),
    ],
    run: runs('bulletin', 'listBulletin'),
  },
  {
    name: 'diff',
    summary: 'compare two lists: today vs a published list, or two rule sets side by side',
    usage: 'diff --published ID | diff --rules A --rules B [--as-of DATE] [--player ID]...',
    operands: [],
    options: [
      value('published', { text: "compare a published list with today's knowledge of the same date", example: '--published 2024-04' }),
      repeated('rules', { text: 'compare two rule sets on the same facts: give it twice', example: '--rules fesa --rules fesa-published' }),
      value('as-of', { text: 'the date of the two lists compared by --rules, YYYY-MM-DD', default: TODAY, example: '--as-of 2024-04-01' }),
      PLAYER,
    ],
    run: runs('history', 'diff'),
  },
  {
    name: 'rerate',
    summary: 'fold the same facts under another rule set and show what changes from a date on',
    usage: 'rerate --rules fesa-published|pan-atlantic|fide|gobase-go|egd-gor|uscf-k|us-shogi-1997-text|us-shogi-1997-card|fide-2024 [--option key=value]... [--from DATE] [--as-of DATE] [--player ID]... [--json]',
    operands: [],
    options: [
      value('rules', { text: 'the rule set every tournament is rated under again', default: 'fesa-published', example: '--rules fide' }),
      SHARED.option,
      value('from', { text: 'show changes from tournaments on or after this date, YYYY-MM-DD', default: 'the beginning', example: '--from 2017-01-01' }),
      SHARED['as-of'],
      PLAYER,
    ],
    run: runs('history', 'rerate'),
  },
  {
    name: 'explain',
    summary: 'explain a player\'s ratings game by game (opponent rating used, expectation, K, upset, bonus, promotions)',
    usage: 'explain <player-id-or-name> [--tournament T] [--rules ID] [--entry system|grade|RATING] [--json]',
    operands: ['<player-id-or-name>'],
    options: [
      value('tournament', { text: 'explain only this tournament (under any rule set: its games and the grades it made)', default: 'every tournament of the player', example: '--tournament nekomado-2024' }),
      value('rules', { text: `${RULES_FESA}; or a non-FESA rule set: the tournaments rated under it, in its own terms (bracket, K, C, stage, multiplier)`, default: `${RULES_ADOPTED}; a player FESA never rated: the non-FESA rule sets that rated him, as history shows`, example: '--rules fide' }),
      value('entry', { text: `${ENTRY} (non-FESA rule sets)`, default: 'system', example: '--entry grade' }),
    ],
    run: runs('history', 'explain'),
  },
];
