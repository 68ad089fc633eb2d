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

/**
 * Items kept in the order of `compare` as they come, so that no request sorts them all: the items added since the
 * last request are sorted among themselves and merged in (pushed in front of the order, when they all come before
 * it, as new tournaments usually do). Pages, searches and counts are those of `SortedPages` over the same items
 * added in the same order (equal items in the order they were added, as a stable sort leaves them).
 */
export class OrderedPages<T> {
  /** The order reversed: its first item last, where newcomers that come first are pushed instead of shifted in. */
  private reversed: T[] = [];

  constructor(
    private readonly compare: (a: T, b: T) => number,
    /** What a search looks in (every word typed must be part of it). */
    private readonly text: (item: T) => string,
  ) {}

  get size(): number {
    return this.reversed.length;
  }

  addAll(items: readonly T[]): void {
    if (items.length === 0) return;
    // the newcomers' own order reversed (of equal ones, the later-added first); in the common case already so
    const batch = items
      .map((item, i) => ({ item, i }))
      .sort((a, b) => this.compare(b.item, a.item) || b.i - a.i)
      .map(({ item }) => item);
    const r = this.reversed;
    if (r.length === 0 || this.compare(batch[0]!, r[r.length - 1]!) < 0) {
      for (const item of batch) r.push(item);
      return;
    }
    // a merge of the two reversed orders: of equal items, the newcomer goes first (it comes after in the order)
    const merged: T[] = new Array<T>(r.length + batch.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < r.length && j < batch.length) merged[k++] = this.compare(r[i]!, batch[j]!) > 0 ? r[i++]! : batch[j++]!;
    while (i < r.length) merged[k++] = r[i++]!;
    while (j < batch.length) merged[k++] = batch[j++]!;
    this.reversed = merged;
  }

  page(search: string, page: number, size = PAGE_SIZE): PageOf<T> & { readonly total: number } {
    const r = this.reversed;
    const total = r.length;
    if (search === '') {
      const pages = Math.max(1, Math.ceil(total / size));
      const shownPage = Math.min(Math.max(1, page), pages);
      const shown: T[] = [];
      for (let i = total - 1 - (shownPage - 1) * size; i >= Math.max(0, total - shownPage * size); i--) shown.push(r[i]!);
      return { shown, page: shownPage, pages, matching: total, total };
    }
    const matching: T[] = [];
    for (let i = total - 1; i >= 0; i--) if (matchesSearch(this.text(r[i]!), search)) matching.push(r[i]!);
    return { ...pageOf(matching, page, size), total };
  }
}
