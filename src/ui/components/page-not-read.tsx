/**
 * A LinkedIn page Candidate Lens did not read, said in plain words with the next step, and the page's structure
 * report to copy (shared by the popup and the side panel). Shown instead of "0 people", never beside a page read.
 */
import { useSignal } from '@preact/signals';
import type { PagePeople } from '../../protocol/shapes';
import { pageNotRead, type ReadAgain } from '../words/page-reading';

export function PageNotRead({ page, again }: { page: PagePeople; again: ReadAgain }) {
  const copied = useSignal(false);
  if (!page.problem) return null;
  const { what, next } = pageNotRead(page, again);
  const report = page.report;
  const copy = async () => {
    if (report === null) return;
    await navigator.clipboard.writeText(report);
    copied.value = true;
    setTimeout(() => {
      copied.value = false;
    }, 1500);
  };
  return (
    <div class="notice" data-testid="page-not-read">
      <p>
        <strong>{what}</strong>
      </p>
      <p>{next}</p>
      {report !== null && (
        <button type="button" class="small" onClick={copy}>
          {copied.value ? 'Page report copied' : 'Copy page report'}
        </button>
      )}
      <span class="visually-hidden" role="status">
        {copied.value ? 'Page report copied to the clipboard' : ''}
      </span>
    </div>
  );
}
