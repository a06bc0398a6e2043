/**
 * A bulk reveal's progress on the toolbar button: the share of contacts settled ("42%"), grey while paused, and the
 * button's title in words. Set for the window as a whole: a tab's own badge (a LinkedIn profile's "in") still shows
 * on that tab, as Chrome gives tab-specific text precedence.
 */
import { browser } from 'wxt/browser';
import { type BulkJob, isActive, SETTLED } from '../../bulk/job';

const action = () => browser.action ?? browser.browserAction;
let shown: string | null = null;

export async function showBulkBadge(job: BulkJob | null): Promise<void> {
  const a = action();
  if (!job || !isActive(job)) {
    if (shown === '') return;
    shown = '';
    await a.setBadgeText({ text: '' });
    await a.setTitle({ title: 'Candidate Lens' });
    return;
  }
  const settled = job.items.filter((item) => SETTLED.has(item.state)).length;
  const total = job.items.length;
  const text = `${Math.floor((settled / Math.max(1, total)) * 100)}%`;
  const key = `${job.status}:${text}:${settled}`;
  if (key === shown) return;
  shown = key;
  await a.setBadgeBackgroundColor({ color: job.status === 'paused' ? '#6e7781' : '#0a66c2' });
  await a.setBadgeText({ text });
  await a.setTitle({
    title: `Candidate Lens: bulk reveal ${job.status === 'paused' ? 'paused' : 'under way'}, ${settled} of ${total} contacts`,
  });
}
