import { html, queryString, type Html, type HtmlValue } from './html';

/** Where a page's numbers come from: when it was computed and up to which position of the log. */
export interface Provenance {
  readonly computedAt: Date;
  /** The highest global position of the log the page's projection had read. */
  readonly position: number;
  /** The rule set the numbers were folded under. */
  readonly ruleSet?: string;
}

/**
 * The public menu: only pages anyone may open. Rule sets side by side (/diff) is an auditor's page (signed in), so it
 * is reached from the auditors' documentation, never from a menu that would greet a player with a sign-in box.
 */
export const NAV: readonly (readonly [href: string, label: string])[] = [
  ['/', 'Current list'],
  ['/players', 'Players'],
  ['/lists/published', 'Published lists'],
  ['/tournaments', 'Tournaments'],
];

export const provenanceLine = (p: Provenance): Html =>
  html`Computed ${p.computedAt.toISOString().replace('T', ' ').replace(/\.\d+Z$/, ' UTC')} from the log up to position ${p.position}${p.ruleSet !== undefined ? html`, rule set ${p.ruleSet}` : ''}.`;

/** A whole page: language, title, navigation, the content under one h1, and where its numbers come from. */
export const page = (title: string, provenance: Provenance | undefined, content: HtmlValue, options: { description?: string; canonical?: string } = {}): string =>
  html`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} — rating ledger</title>
${options.description !== undefined ? html`<meta name="description" content="${options.description}">` : ''}
${options.canonical !== undefined ? html`<link rel="canonical" href="${options.canonical}">` : ''}
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/pages.css">
<script src="/assets/pages.js" defer></script>
</head>
<body>
<header class="site">
<nav aria-label="Main"><ul>
<li class="brand">Rating ledger</li>
${NAV.map(([href, label]) => html`<li><a href="${href}">${label}</a></li>`)}
</ul></nav>
</header>
<main id="main">
<h1>${title}</h1>
${content}
${provenance !== undefined ? html`<p class="provenance">${provenanceLine(provenance)}</p>` : ''}
</main>
</body>
</html>
`.text;

/** A signed change as people read it: +12, -3, 0. */
export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** A change with its colour class (the sign is in the text too, so colour is never the only cue). */
export const change = (n: number | null): Html => (n === null ? html`` : html`<span class="${n > 0 ? 'up' : n < 0 ? 'down' : ''}">${signed(n)}</span>`);

/**
 * Links to the first, previous, next and last page and the page count, above and below a paged table (a server
 * page for each: it works without a script and each page has its own URL).
 */
export const pager = (label: string, p: { readonly page: number; readonly pages: number }, hrefOf: (page: number) => string): Html =>
  p.pages <= 1
    ? html``
    : html`<nav class="pager" aria-label="${label}">
${p.page > 1 ? html`<a href="${hrefOf(1)}">first page</a> <a href="${hrefOf(p.page - 1)}" rel="prev">← previous page</a>` : ''}
<span>page ${p.page} of ${p.pages}</span>
${p.page < p.pages ? html`<a href="${hrefOf(p.page + 1)}" rel="next">next page →</a> <a href="${hrefOf(p.pages)}">last page</a>` : ''}
</nav>`;

/** What a searchable, paged index page was asked for and found. */
export interface IndexQuery {
  readonly search: string;
  readonly page: number;
  readonly pages: number;
  readonly matching: number;
  readonly total: number;
}

/**
 * The search form and the pager of an index page (`path?q=&page=`): the server searches the whole index; when it
 * fits one page the script also narrows its rows while one types. `what` names the items ("tournament").
 */
export const indexControls = (path: string, tableId: string, label: string, what: string, q: IndexQuery): { form: Html; links: Html; counted: string } => ({
  form: html`<form class="inline" method="get" action="${path}" role="search">
<label for="search">${label}<input id="search" type="search" name="q" value="${q.search}"${q.pages === 1 ? html` data-filter-for="${tableId}" data-filter-status="search-status"` : ''} autocomplete="off"></label>
<button type="submit">Show</button>
<span id="search-status" class="muted" role="status" aria-live="polite">${q.search !== '' ? `${q.matching} of ${q.total} match "${q.search}"` : ''}</span>
</form>`,
  links: pager(`Pages of the ${what}s`, q, (n) => `${path}${queryString({ q: q.search || undefined, page: n })}`),
  counted: q.matching === q.total ? `${q.total} ${what}${q.total === 1 ? '' : 's'}` : `${q.matching} of ${q.total} ${what}s`,
});
