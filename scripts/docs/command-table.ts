/**
 * docs/cli.md's table of every command, made from the commands' declarations (src/adapters/cli/declaration.ts):
 * `node dist/scripts/docs/command-table.js` writes it between its markers; test/adapters/cli/declarations.test.ts
 * fails while the file holds another.
 */
import * as fs from 'fs';
import * as path from 'path';
import { commandCatalog } from '../../src/adapters/cli/commands/catalog';

const TABLE_START = '<!-- the command table: made by `node dist/scripts/docs/command-table.js` from the declarations; edit those -->';
const TABLE_END = '<!-- end of the command table -->';

const cell = (text: string): string => text.replace(/[|<]/g, (c) => `\\${c}`);

export const commandTable = (): string =>
  [
    '| command | what it does | options |',
    '|---|---|---|',
    ...commandCatalog.map((c) => `| \`ledger ${[c.name, ...c.operands].join(' ')}\` | ${cell(c.summary)} | ${c.options.map((o) => `\`--${o.name}\``).join(' ')} |`),
  ].join('\n');

/** `doc` with the text between the markers replaced by the table made now. */
export const withCommandTable = (doc: string): string => {
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`the command table's markers are missing: ${TABLE_START} ... ${TABLE_END}`);
  return `${doc.slice(0, start + TABLE_START.length)}\n${commandTable()}\n${doc.slice(end)}`;
};

/** docs/cli.md of the checkout this module is in, built (dist/scripts/docs) or not (scripts/docs). */
export const cliDoc = (): string => {
  for (let dir = __dirname; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const doc = path.join(dir, 'docs', 'cli.md');
    if (fs.existsSync(doc)) return doc;
  }
  throw new Error('no docs/cli.md above this module');
};

if (require.main === module) fs.writeFileSync(cliDoc(), withCommandTable(fs.readFileSync(cliDoc(), 'utf8')));
