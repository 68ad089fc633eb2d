import type { PublishedEntry } from '../../../../projections/audit-trail';
import { isGenericRuleSet } from '../../../../projections/generic/systems';
import type { PublishedRow } from '../../../app/published-rows';
import { pageOf, PAGE_SIZE } from '../paging';
import { FORMAT_NAMES, recorded } from './audit-pages';
import { html, queryString, segment } from './html';
import { page, pager, type Provenance } from './layout';

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
