import { ratingAndGradeText, type Consequences, type RatingAndGrade } from '../../../app/consequences';
import type { Submitter, SubmissionDifferences, SubmissionPreview, SubmissionView } from '../../../app/submissions';
import { EGD_RULE_SETS } from '../../../app/egd';
import { TRF_RULE_SETS } from '../../../app/trf';
import { html, segment, type Html } from './html';
import { recorded } from './audit-pages';
import { change, page, type Provenance } from './layout';

/**
 * The pages' script for the two forms: a write needs the Bearer header (Basic credentials are taken on reads only,
 * see access.ts), which a plain form cannot send, so the script reads the files and sends the JSON the API takes.
 */
export const SUBMISSIONS_JS = `
(() => {
  const base64Of = (buffer) => {
    const bytes = new Uint8Array(buffer);
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
    return btoa(text);
  };
  const post = async (url, token, body) => {
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token.trim() }, body: JSON.stringify(body) });
    return { ok: res.ok, body: await res.json() };
  };
  const say = (form, text) => { form.querySelector('.outcome').textContent = text; };
  // a refusal names every line at fault, one a line: shown as a list
  const refused = (form, detail) => {
    const lines = detail.split('\\n');
    if (lines.length === 1) return say(form, 'Not received: ' + detail);
    say(form, 'Not received: ' + lines.length + ' problems in the files:');
    const list = document.createElement('ul');
    for (const line of lines) list.append(Object.assign(document.createElement('li'), { textContent: line }));
    form.querySelector('.outcome').append(list);
  };
  const submission = document.getElementById('submission-form');
  if (submission) submission.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(submission);
    const files = await Promise.all([...submission.elements.files.files].map(async (f) => ({ name: f.name, base64: base64Of(await f.arrayBuffer()) })));
    say(submission, 'Checking the files…');
    // the import's options, those given only (a TRF's or an EGD table's rule set, a TRF's days)
    const options = {};
    for (const name of ['ruleSet', 'startDate', 'endDate']) if (data.get(name)) options[name] = String(data.get(name));
    const body = { tournamentId: String(data.get('tournamentId')).trim(), format: String(data.get('format')), files };
    const answer = await post('/submissions', String(data.get('token')), Object.keys(options).length > 0 ? { ...body, options } : body);
    if (!answer.ok) return refused(submission, answer.body.detail);
    const link = document.createElement('a');
    link.href = '/submissions/' + encodeURIComponent(answer.body.submissionId);
    link.textContent = 'submission ' + answer.body.submissionId;
    const outcome = submission.querySelector('.outcome');
    outcome.textContent = answer.body.status === 'appended' ? 'Received, pending an officer\\'s approval: ' : 'Already received with these files: ';
    outcome.append(link);
  });
  const decision = document.getElementById('decision-form');
  if (decision) decision.addEventListener('submit', async (event) => {
    event.preventDefault();
    const data = new FormData(decision);
    const verb = event.submitter && event.submitter.value === 'reject' ? 'reject' : 'approve';
    const answer = await post(decision.dataset.action + '/' + verb, String(data.get('token')), { reason: String(data.get('reason')) });
    if (!answer.ok) return say(decision, 'Not recorded: ' + answer.body.detail);
    window.location.reload();
  });
})();
`;

/** The formats the form offers, each read by its import's own reader. */
const SUBMITTED_FORMATS = [
  ['fesa', 'FESA event folder'],
  ['trf', 'FIDE report (TRF)'],
  ['egd', 'EGD table'],
  ['csv', 'Games CSV (as game report --csv reads it)'],
] as const;

/** The rule sets a TRF file's or an EGD table's import may rate under (the importers' own lists). */
const SUBMITTED_RULE_SETS = [...TRF_RULE_SETS, ...EGD_RULE_SETS];

const tokenField = (id: string): Html =>
  html`<label for="${id}">Your token (as issued by the federation; it is sent with this form only)<input id="${id}" name="token" type="password" required autocomplete="current-password"></label>`;

const submissionForm = (): Html => html`<h2 id="submit-heading">Submit a tournament's results</h2>
<p>Send a FESA event folder's files (<code>turnering.txt</code>, <code>nye-spillere</code>, <code>ratingliste.pre</code>), a FIDE
tournament report (TRF, one file), an EGD tournament table (one file) or a CSV of the games of a tournament the ledger
holds (one file, the columns of <code>game report --csv</code>): they are checked at once as their import would check
them and kept, pending, until an officer approves them. Nothing reaches a list before that.</p>
<form id="submission-form" class="inline" aria-labelledby="submit-heading">
<label for="tournament-id">Tournament id (the event folder's name)<input id="tournament-id" name="tournamentId" required></label>
<label for="format">Format<select id="format" name="format">${SUBMITTED_FORMATS.map(([f, label]) => html`<option value="${f}">${label}</option>`)}</select></label>
<label for="files">Files<input id="files" name="files" type="file" multiple required></label>
<label for="rule-set">Rule set (a TRF or EGD file)<select id="rule-set" name="ruleSet"><option value="">the import's own: fide-2024 for TRF, egd-gor for EGD</option>${SUBMITTED_RULE_SETS.map((r) => html`<option value="${r}">${r}</option>`)}</select></label>
<label for="start-date">First day (a TRF file without dates)<input id="start-date" name="startDate" type="date"></label>
<label for="end-date">Last day<input id="end-date" name="endDate" type="date"></label>
${tokenField('submit-token')}
<button type="submit">Submit</button>
<div class="outcome" role="status" aria-live="polite"></div>
</form>`;

/** The submissions a reader may see (an organiser his own), and for those who may submit, the form. */
export const submissionsPage = (views: readonly SubmissionView[], who: Submitter, provenance: Provenance): string =>
  page(
    'Submissions',
    provenance,
    html`<p>Signed in as ${who.role} ${who.name}.${who.role === 'organiser' ? ' You see your own submissions.' : ''}</p>
${who.role === 'auditor' ? '' : submissionForm()}
<h2 id="list-heading">${who.role === 'organiser' ? 'Your submissions' : 'All submissions'}</h2>
${
  views.length === 0
    ? html`<p>No submissions yet.</p>`
    : html`<table id="submissions">
<caption>${views.length} submission${views.length === 1 ? '' : 's'}, in the order received</caption>
<thead><tr><th scope="col">Submission</th><th scope="col">Tournament</th><th scope="col">Format</th><th scope="col">Submitted by</th><th scope="col">Received</th><th scope="col">Decided by, on, why</th><th scope="col">Status</th></tr></thead>
<tbody>
${views.map((v) => html`<tr><th scope="row"><a href="/submissions/${segment(v.submissionId)}">${v.submissionId}</a></th><td>${v.tournamentId}</td><td>${v.format}</td><td>${v.role} ${v.submitter}</td><td>${v.receivedOn} (recorded ${recorded(v.received.recordedAt, v.received.position)})</td><td>${v.decision ? `${v.decision.by} on ${v.decision.on}: ${v.decision.reason}` : '—'}</td><td>${v.status}</td></tr>`)}
</tbody>
</table>`
}
<script src="/assets/submissions.js" defer></script>`,
    { description: 'Tournament results submitted by organisers, pending or decided by an officer' },
  );

const rating = (n: number | null): string => (n === null ? '—' : String(n));

/** What approving would change: the list's players whose rating or grade would differ, and re-rated tournaments. */
const previewOf = (preview: SubmissionPreview): Html => html`<h2 id="preview-heading">What approving it would change now</h2>
${preview.corrections === undefined ? '' : html`<p id="preview-corrections">The tournament is recorded already: these files correct ${preview.corrections} of its results.</p>`}
${preview.games === undefined ? '' : html`<p id="preview-games">${preview.games.rows} games: ${preview.games.recorded} would be recorded, ${preview.games.unchanged} the ledger holds already.</p>`}
${
  preview.tournament === undefined
    ? ''
    : html`<p id="preview-tournament">Tournament ${preview.tournament.tournamentId}, rated under ${preview.tournament.ruleSet}: ${preview.tournament.players} players, ${preview.tournament.withId} with an id, of whom
${preview.tournament.matched} the ledger knows already (matched by that id, never by name); ${preview.tournament.newPlayers} new players; ${preview.tournament.openingBalances} opening balances; ${preview.tournament.games} games and ${preview.tournament.byes} byes.</p>`
}
${
  preview.list.length === 0
    ? html`<p>No player's rating or grade in today's list would change.</p>`
    : html`<table id="preview-list">
<caption>Today's list: ${preview.list.length} player${preview.list.length === 1 ? '' : 's'} would change</caption>
<thead><tr><th scope="col">Player</th><th scope="col" class="num">Rating now</th><th scope="col" class="num">After approval</th><th scope="col" class="num">Change</th><th scope="col">Grade now</th><th scope="col">After approval</th></tr></thead>
<tbody>
${preview.list.map((p) => html`<tr><th scope="row">${p.playerId}</th><td class="num">${rating(p.oldRating)}</td><td class="num">${rating(p.newRating)}</td><td class="num">${p.oldRating === null || p.newRating === null ? (p.oldRating === null ? 'new' : 'leaves') : change(p.newRating - p.oldRating)}</td><td>${p.oldGrade}</td><td>${p.newGrade}</td></tr>`)}
</tbody>
</table>`
}
${
  preview.runs.length === 0
    ? ''
    : html`<table id="preview-runs">
<caption>Tournaments rated already whose ratings would change</caption>
<thead><tr><th scope="col">Tournament</th><th scope="col">Date</th><th scope="col">Player</th><th scope="col" class="num">Rating after it now</th><th scope="col" class="num">After approval</th></tr></thead>
<tbody>
${preview.runs.map((r) => html`<tr><td>${r.tournamentId}</td><td>${r.date}</td><th scope="row">${r.playerId}</th><td class="num">${rating(r.oldRating)}</td><td class="num">${rating(r.newRating)}</td></tr>`)}
</tbody>
</table>`
}`;

const shown = (r: RatingAndGrade): string => ratingAndGradeText(r, '—');

/**
 * Per tournament and player under the rule set each is rated with, the rating and grade before → after approval (a
 * write's `--dry-run`): what a correction of a recorded tournament does to its players, whatever its rule set. The
 * players it leaves as they were are counted, not listed.
 */
const consequencesOf = (c: Consequences | undefined): Html => {
  if (c === undefined) return html``;
  if (c.unavailable !== undefined) return html`<p id="preview-consequences">The ratings before and after approval cannot be compared: ${c.unavailable}</p>`;
  const changed = c.changes.filter((x) => x.before.rating !== x.after.rating || (x.before.grade ?? null) !== (x.after.grade ?? null));
  if (changed.length === 0) return html`<p id="preview-consequences">No player's rating or grade after a tournament would change.</p>`;
  return html`<table id="preview-consequences">
<caption>Ratings after each tournament: ${changed.length} would change${changed.length < c.changes.length ? `, ${c.changes.length - changed.length} stay as they are` : ''}</caption>
<thead><tr><th scope="col">Tournament</th><th scope="col">Date</th><th scope="col">Player</th><th scope="col">Rule set</th><th scope="col" class="num">Now</th><th scope="col" class="num">After approval</th></tr></thead>
<tbody>
${changed.map((x) => html`<tr><td>${x.tournament}</td><td>${x.date}</td><th scope="row">${x.name} (${x.player})</th><td>${x.ruleSet}</td><td class="num">${shown(x.before)}</td><td class="num">${shown(x.after)}</td></tr>`)}
</tbody>
</table>`;
};

const MATCHED = { id: 'by id', name: 'by name', new: 'new player' } as const;

/** How each player of the files is (or would be) the ledger's: the names an officer checks before approving. */
const matchesOf = (preview: SubmissionPreview): Html =>
  preview.players === undefined || preview.players.length === 0
    ? html``
    : html`<table id="preview-players">
<caption>How the ${preview.players.length} players of the files are matched: ${(['id', 'name', 'new'] as const).map((by) => `${preview.players!.filter((p) => p.by === by).length} ${by === 'new' ? 'new' : MATCHED[by]}`).join(', ')}</caption>
<thead><tr><th scope="col">Player in the files</th><th scope="col">Matched</th><th scope="col">Ledger player</th></tr></thead>
<tbody>
${preview.players.map((p) => html`<tr><th scope="row">${p.name}</th><td>${p.by === 'name' ? `by name "${p.name}"` : MATCHED[p.by]}</td><td>${p.playerId}</td></tr>`)}
</tbody>
</table>`;

/** What the organiser changed since his earlier submission of the tournament. */
const differencesOf = (d: SubmissionDifferences): Html => html`<h2 id="differences-heading">Differences from submission <a href="/submissions/${segment(d.since)}">${d.since}</a> (${d.sinceStatus})</h2>
${
  d.changes.length === 0
    ? html`<p>The same players and games.</p>`
    : html`<table id="differences">
<caption>${d.changes.length} player${d.changes.length === 1 ? '' : 's'} or games added, removed or changed</caption>
<thead><tr><th scope="col">Player or game</th><th scope="col">Change</th><th scope="col">In ${d.since}</th><th scope="col">In this submission</th></tr></thead>
<tbody>
${d.changes.map((c) => html`<tr><th scope="row">${c.subject} ${c.key}</th><td>${c.change}</td><td>${c.before ?? '—'}</td><td>${c.after ?? '—'}</td></tr>`)}
</tbody>
</table>`
}`;

const decisionForm = (v: SubmissionView): Html => html`<h2 id="decision-heading">Decide</h2>
<form id="decision-form" class="inline" data-action="/submissions/${segment(v.submissionId)}" aria-labelledby="decision-heading">
<label for="reason">Reason (the organiser reads it)<input id="reason" name="reason" required></label>
${tokenField('decision-token')}
<div><button type="submit" name="verb" value="approve">Approve and record</button> <button type="submit" name="verb" value="reject">Reject</button></div>
<div class="outcome" role="status" aria-live="polite"></div>
</form>`;

/** One submission: who sent which files, where it stands, what approving it would change, and for an officer the decision. */
export const submissionPage = (
  v: SubmissionView,
  review: { readonly preview?: SubmissionPreview; readonly previewRefused?: string },
  who: Submitter,
  provenance: Provenance,
  differences?: SubmissionDifferences,
): string =>
  page(
    `Submission ${v.submissionId}`,
    provenance,
    html`<dl class="facts">
<dt>Tournament</dt><dd>${v.tournamentId}</dd>
<dt>Files</dt><dd>${v.format}: ${v.files.join(', ')}</dd>
${v.options === undefined ? '' : html`<dt>Imported with</dt><dd id="import-options">${[v.options.ruleSet !== undefined ? `rule set ${v.options.ruleSet}` : '', v.options.startDate !== undefined ? `first day ${v.options.startDate}` : '', v.options.endDate !== undefined ? `last day ${v.options.endDate}` : ''].filter((s) => s !== '').join('; ')}</dd>`}
<dt>Content SHA-256</dt><dd class="hash">${v.contentHash}</dd>
<dt>Submitted</dt><dd>by ${v.role} ${v.submitter} on ${v.receivedOn} (recorded ${recorded(v.received.recordedAt, v.received.position)})</dd>
<dt>Status</dt><dd id="status">${v.status}${v.decision ? ` by ${v.decision.by} on ${v.decision.on}: ${v.decision.reason}` : ''}</dd>
${v.decision ? html`<dt>Decision recorded</dt><dd>${recorded(v.decision.recordedAt, v.decision.position)}</dd>` : ''}
</dl>
${review.previewRefused === undefined ? '' : html`<p id="preview-refused">Approving it now would be refused: ${review.previewRefused}</p>`}
${review.preview ? html`${previewOf(review.preview)}${consequencesOf(review.preview.consequences)}${matchesOf(review.preview)}` : ''}
${differences ? differencesOf(differences) : ''}
${v.status === 'pending' && (who.role === 'officer' || who.role === 'admin') ? decisionForm(v) : ''}
<p><a href="/submissions">All ${who.role === 'organiser' ? 'your ' : ''}submissions</a></p>
<script src="/assets/submissions.js" defer></script>`,
    { description: `Submission ${v.submissionId} of ${v.tournamentId}` },
  );
