import type { SubmissionReview } from '../../app/submissions';

/**
 * What approving each pending submission would change, kept for the log head it was folded at, so that every view of
 * the review page (and the page after a refused decision) does not fold it again. A preview of an older head is never
 * shown again, nor is one of a decided submission: both are dropped, else every submission ever reviewed would stay
 * in the server's memory with its list of changes.
 */
export class SubmissionPreviews {
  private readonly kept = new Map<string, { readonly position: number; readonly preview: Promise<SubmissionReview> }>();

  constructor(private readonly fold: (submissionId: string) => Promise<SubmissionReview>) {}

  /** The submission's preview at `head` (a newer one kept by a request that read the head later will do too). */
  of(submissionId: string, head: number): Promise<SubmissionReview> {
    const kept = this.kept.get(submissionId);
    if (kept !== undefined && kept.position >= head) return kept.preview;
    for (const [id, entry] of this.kept) if (entry.position < head) this.kept.delete(id);
    const preview = this.fold(submissionId);
    this.kept.set(submissionId, { position: head, preview });
    // a refusal is not kept: the next view asks again
    preview.catch(() => {
      if (this.kept.get(submissionId)?.preview === preview) this.kept.delete(submissionId);
    });
    return preview;
  }

  /** The submission was approved or rejected: its preview is never shown again. */
  decided(submissionId: string): void {
    this.kept.delete(submissionId);
  }

  /** How many previews are kept (an instrument for the tests). */
  get size(): number {
    return this.kept.size;
  }
}
