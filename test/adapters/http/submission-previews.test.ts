import { describe, expect, it } from 'vitest';
import { SubmissionPreviews } from '../../../src/adapters/http/submission-previews';
import type { SubmissionPreview, SubmissionReview } from '../../../src/app/submissions';

const previewOf = (id: string, head: number): SubmissionReview => ({ preview: { runs: [], list: [{ id: `${id}@${head}` }] as unknown as SubmissionPreview['list'] } });

/** The server's previews of pending submissions: folded once per head, never kept for a decided submission or an older head. */
describe('submission previews kept per head', () => {
  const previewsCounting = () => {
    const folded: string[] = [];
    let head = 1;
    const previews = new SubmissionPreviews(async (id) => {
      folded.push(`${id}@${head}`);
      return previewOf(id, head);
    });
    return { previews, folded, moveTo: (h: number) => (head = h) };
  };

  it('folds a submission once per head, and again when the log moved', async () => {
    const { previews, folded, moveTo } = previewsCounting();
    expect(await previews.of('A-1', 1)).toEqual(previewOf('A-1', 1));
    expect(await previews.of('A-1', 1)).toEqual(previewOf('A-1', 1));
    moveTo(2);
    expect(await previews.of('A-1', 2)).toEqual(previewOf('A-1', 2));
    expect(folded).toEqual(['A-1@1', 'A-1@2']);
  });

  it('drops a decided submission and every preview of an older head', async () => {
    const { previews, moveTo } = previewsCounting();
    await previews.of('A-1', 1);
    await previews.of('B-1', 1);
    expect(previews.size).toBe(2);
    previews.decided('A-1');
    expect(previews.size).toBe(1);
    // B-1 was decided elsewhere (the CLI, another server): the log moved, and its preview goes with the old head
    moveTo(3);
    await previews.of('C-1', 3);
    expect(previews.size).toBe(1);
  });

  it('keeps no refusal: the next view asks again', async () => {
    let calls = 0;
    const previews = new SubmissionPreviews(() => (++calls === 1 ? Promise.reject(new Error('refused')) : Promise.resolve(previewOf('A-1', 1))));
    await expect(previews.of('A-1', 1)).rejects.toThrow('refused');
    expect(previews.size).toBe(0);
    expect(await previews.of('A-1', 1)).toEqual(previewOf('A-1', 1));
  });
});
