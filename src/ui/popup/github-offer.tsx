/**
 * The popup on a GitHub profile page: "Find <user> on the candidate service". The background tells from the tab's
 * URL alone, which the toolbar click lets the extension read (`activeTab`): nothing is read from the page itself,
 * and no site permission is asked for. The click opens the side panel on the find, which says its price; nothing
 * is sent until the user clicks Find there.
 */
import { signal } from '@preact/signals';
import { useEffect, useMemo } from 'preact/hooks';
import { openSidePanel } from '../../side-panel';
import { call } from '../rpc';
import { FIND_ON_GITHUB } from '../words/find-on-github';

export function GitHubOffer({ tabId }: { tabId: number | null }) {
  // A signal rather than component state: the hooks the pages already share (no extra code for the options page).
  const shown = useMemo(() => signal<string | null>(null), []);
  useEffect(() => {
    if (tabId === null) return;
    void call('gitHubProfileOnTab', { tabId }).then((result) => {
      if (result.ok) shown.value = result.value?.handle ?? null;
    });
  }, [tabId, shown]);
  const handle = shown.value;
  if (handle === null || tabId === null) return null;
  const open = () => {
    // The panel first: opening it needs this click's user gesture.
    openSidePanel({ tabId }).catch(() => undefined);
    void call('prepareGitHubFind', { tabId });
  };
  return (
    <section class="page-people" aria-label="GitHub profile">
      <button type="button" onClick={open}>
        {FIND_ON_GITHUB.button(handle)}
      </button>
      <p class="muted">{FIND_ON_GITHUB.note}</p>
    </section>
  );
}
