import type { ListPrinter } from '../../app/ports/list-printer';
import { formatAllTxt } from './fesa/all-txt';
import { formatRatingList } from './fesa/ratingliste';
import { table } from './table';

/** The list formats the ledger writes: the official program's files and a plain-text table. */
export const LIST_PRINTER: ListPrinter = { ratingList: formatRatingList, allTxt: formatAllTxt, table };
