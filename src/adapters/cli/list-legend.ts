/** What the columns of the table list mean (printed by `ledger list --help`, and under a table shown on a terminal). */
export const LIST_LEGEND = [
  'Columns of the table list:',
  '  #            rank on the list (rated players active in the last --active-years years)',
  '  grade        the FESA grade: "3 Kyu", "1 Dan", "Pro 2"; - = no grade yet',
  '  rating       the FESA rating (ELO number)',
  '  games        games rated so far; a trailing p (e.g. 4p) = provisional: fewer than 9 games, or all won or all lost,',
  '               so the rating is a performance rating that the next games still move freely',
  '  last played  the date of the last tournament played',
].join('\n');
