/**
 * Every command, in the order `ledger --help` lists them: the declarations of declarations/*.ts, which load no code
 * that runs a command (see ../declaration.ts).
 */
import type { CommandDeclaration } from '../declaration';
import { careersCommands } from '../declarations/careers';
import { filesCommands } from '../declarations/files';
import { listsCommands } from '../declarations/lists';
import { peopleCommands } from '../declarations/people';
import { recordsCommands } from '../declarations/records';
import { ruleSetsCommands } from '../declarations/rule-sets';

export const commandCatalog: readonly CommandDeclaration[] = [...recordsCommands, ...listsCommands, ...ruleSetsCommands, ...careersCommands, ...peopleCommands, ...filesCommands];
