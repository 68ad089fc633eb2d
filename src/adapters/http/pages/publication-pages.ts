import type { PublishedEntry } from '../../../../projections/audit-trail';
import { isGenericRuleSet } from '../../../../projections/generic/systems';
import type { PublishedRow } from '../../../app/published-rows';
import { pageOf, PAGE_SIZE } from '../paging';
import { FORMAT_NAMES, recorded } from './audit-pages';
import type { Bulletin, BulletinChange } from '../../../app/bulletin';
import { html, queryString, segment, type Html } from './html';
import { change, page, pager, type Provenance } from './layout';

/**
 * One published list: the players as published in a table a player can read (whatever the format: the program's
 * Lisp records too), 100 a page; where its exact bytes are; the way to what changed since and to the bulletin.
 */
export const publishedListPage = (p: PublishedEntry, rows: readonly PublishedRow[], pageAsked: number, personal: boolean, provenance: Provenance): string => {
  const e = p.event;
  const shown = pageOf(rows, pageAsked);
  const grades = rows.some((r) => r.grade !== null);
  const links = pager('Pages of the published list', shown, (n) => `/lists/published/${segment(e.listId)}${queryString({ page: n })}#list-heading`);
  return page(
    `Published list ${e.listId}`,
    provenance,
    html`<dl class="facts">
<dt>List id</dt><dd><code>${e.listId}</code></dd>
<dt>As of</dt><dd>${e.asOf} (<a href="/lists${queryString({ 'as-of': e.asOf, rules: isGenericRuleSet(e.ruleSet) ? e.ruleSet : undefined })}">the list of that date as known now</a>)</dd>
<dt>Rule set</dt><dd>${e.ruleSet}</dd>
<dt>Format</dt><dd>${FORMAT_NAMES[e.format] ?? e.format}${e.activeYears !== undefined ? `, players active in the last ${e.activeYears} years` : ''}</dd>
<dt>Published</dt><dd>${recorded(p.recordedAt, p.position)}${personal ? ` by ${e.actor}` : ''}${e.reason ? html` — ${e.reason}` : ''}</dd>
<dt>Content SHA-256</dt><dd class="hash">${e.contentHash}</dd>
</dl>
<ul>
<li><a href="/lists/published/${segment(e.listId)}?download=1" download>Download the list exactly as published</a> (the same bytes every time; the hash above is theirs)</li>
<li><a href="/lists/published/${segment(e.listId)}/diff">What changed since it was published</a> (late results and corrections the ledger learnt afterwards)</li>
<li><a href="/lists/published/${segment(e.listId)}/bulletin">The bulletin of this list</a>: new players, promotions, biggest gains and losses since the publication before it</li>
</ul>
<h2 id="list-heading">The list as published</h2>
${links}
<table id="published-list">
<caption>${e.listId} as of ${e.asOf}: ${rows.length} players${shown.pages > 1 ? `, ${PAGE_SIZE} a page` : ''}</caption>
<thead><tr><th scope="col" class="num">#</th><th scope="col">Name</th>${grades ? html`<th scope="col">Grade</th>` : ''}<th scope="col" class="num">Rating</th><th scope="col" class="num">Games</th><th scope="col">Last played</th><th scope="col">Country</th></tr></thead>
<tbody>
${shown.shown.map(
  (r) => html`<tr><td class="num">${r.rank}</td><th scope="row"><a href="/players/${segment(r.playerId)}">${r.name}</a></th>${grades ? html`<td>${r.grade ?? '—'}</td>` : ''}<td class="num">${r.rating}${r.provisional ? html`<abbr title="provisional: fewer rated games than the rules need">*</abbr>` : ''}</td><td class="num">${r.games}</td><td>${r.lastPlayed ?? ''}</td><td>${r.country}</td></tr>`,
)}
</tbody>
</table>
${shown.shown.some((r) => r.provisional) ? html`<p class="muted" id="provisional-note">* provisional rating: fewer rated games than the rules need for an established one.</p>` : ''}
${links}`,
    { description: `The rating list ${e.listId} as of ${e.asOf}, as the federation published it` },
  );
};

const playerLink = (playerId: string, name: string) => html`<a href="/players/${segment(playerId)}">${name}</a>`;

/** One table of a bulletin, or a sentence when it has no rows. */
const bulletinTable = (id: string, caption: string, none: string, head: readonly string[], rows: readonly Html[]): Html =>
  rows.length === 0
    ? html`<p id="${id}-none">${none}</p>`
    : html`<table id="${id}"><caption>${caption}</caption>
<thead><tr>${head.map((h) => html`<th scope="col">${h}</th>`)}</tr></thead>
<tbody>${rows}</tbody>
</table>`;

/** The bulletin of a published list, for players: what is new in it since the list before it. */
export const bulletinPage = (b: Bulletin, provenance: Provenance): string => {
  const list = html`<a href="/lists/published/${segment(b.listId)}">${b.listId}</a>`;
  const since = b.previous === null ? html`It is the first ${b.ruleSet} list published, so every player on it is new.` : html`Since <a href="/lists/published/${segment(b.previous.listId)}">${b.previous.listId}</a> (as of ${b.previous.asOf}).`;
  const gainRow = (c: BulletinChange) => html`<tr><th scope="row">${playerLink(c.playerId, c.name)}</th><td class="num">${c.before}</td><td class="num">${c.after}</td><td class="num">${change(c.change)}</td></tr>`;
  return page(
    `Bulletin of ${b.listId}`,
    provenance,
    html`<p>The ${b.ruleSet} rating list ${list} as of ${b.asOf}. ${since}</p>
<h2 id="new-heading">New players</h2>
${bulletinTable('bulletin-new', `${b.newPlayers.length} new on the list`, 'No new player.', ['Player', 'Rating', 'Grade'], b.newPlayers.map((p) => html`<tr><th scope="row">${playerLink(p.playerId, p.name)}</th><td class="num">${p.rating}</td><td>${p.grade ?? '—'}</td></tr>`))}
<h2 id="grades-heading">Promotions and other grade changes</h2>
${bulletinTable('bulletin-grades', 'Grade before and now', 'No grade changed.', ['Player', 'Before', 'Now'], b.grades.map((g) => html`<tr><th scope="row">${playerLink(g.playerId, g.name)}</th><td>${g.from ?? '—'}</td><td>${g.to ?? '—'}</td></tr>`))}
<h2 id="gains-heading">Biggest gains</h2>
${bulletinTable('bulletin-gains', 'Rating before and now, biggest gain first', 'Nobody gained rating.', ['Player', 'Before', 'Now', 'Change'], b.gains.map(gainRow))}
<h2 id="losses-heading">Biggest losses</h2>
${bulletinTable('bulletin-losses', 'Rating before and now, biggest loss first', 'Nobody lost rating.', ['Player', 'Before', 'Now', 'Change'], b.losses.map(gainRow))}
<h2 id="corrections-heading">Corrections</h2>
${bulletinTable('bulletin-corrections', 'Games corrected or withdrawn between the two publications', 'No game was corrected or withdrawn.', ['Tournament', 'Game', 'What', 'Reason'], b.corrections.map((c) => html`<tr><th scope="row"><a href="/tournaments/${segment(c.tournamentId)}">${c.tournamentName}</a></th><td>${c.gameId}</td><td>${c.kind}</td><td>${c.reason}</td></tr>`))}
<p><a href="/lists/published.atom">Subscribe to the published lists (Atom feed)</a></p>`,
    { description: `What is new in the rating list ${b.listId}: new players, promotions, gains and losses, corrections` },
  );
};
