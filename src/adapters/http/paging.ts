/**
 * Long answers (a list, the tournaments, a diff) come a page at a time, the same rows for a browser's page and for
 * the JSON at the same URL: a link copied from the browser gives a script what the person saw.
 */
export const PAGE_SIZE = 100;

export interface PageOf<T> {
  readonly shown: T[];
  /** The page shown: the one asked for, or the last one when it asked beyond it. */
  readonly page: number;
  readonly pages: number;
  /** How many items there are in all pages together (after a search). */
  readonly matching: number;
}

export const pageOf = <T>(items: readonly T[], page: number, size = PAGE_SIZE): PageOf<T> => {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const shownPage = Math.min(Math.max(1, page), pages);
  return { shown: items.slice((shownPage - 1) * size, shownPage * size), page: shownPage, pages, matching: items.length };
};

/** The page facts a JSON answer carries beside its rows, so that a script can walk the pages. */
export const pagingOf = (p: PageOf<unknown>) => ({ page: p.page, pages: p.pages, pageSize: PAGE_SIZE, matching: p.matching });

/** A name matches when every word typed is part of it (any case), as the pages' script filters too. */
export const matchesSearch = (name: string, search: string): boolean => {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const n = name.toLowerCase();
  return words.every((w) => n.includes(w));
};

/**
 * Items kept sorted until the log moves (sorting 100,000 names per request would cost more than the page), searched
 * by their text and a page at a time.
 */
export class SortedPages<T> {
  private sorted: { position: number; items: T[] } | undefined;

  constructor(
    private readonly compare: (a: T, b: T) => number,
    /** What a search looks in (every word typed must be part of it). */
    private readonly text: (item: T) => string,
  ) {}

  page(position: number, all: () => Iterable<T>, search: string, page: number): PageOf<T> & { readonly total: number } {
    if (this.sorted?.position !== position) this.sorted = { position, items: [...all()].sort(this.compare) };
    const { items } = this.sorted;
    return { ...pageOf(search === '' ? items : items.filter((item) => matchesSearch(this.text(item), search)), page), total: items.length };
  }
}
