/**
 * The popup built on its own: WXT builds every page in one Vite build (its "esm" group), whose shared code, however
 * it is chunked, comes to the popup in many files (12 on opening when chunked by first load, `first-load-chunks.ts`),
 * and each file an extension page asks for is a round through the browser's process, which costs more than its
 * bytes when the machine is busy (docs/performance.md, the popup against the platform's floor). Built alone, the
 * popup's code is its own: what it runs on opening comes in two files (its entry, and what its lazily loaded views
 * share with it), and no other page's chunks change for it. The other pages are not loaded with the popup, so the
 * copies of shared modules each build keeps are never two instances in one page.
 *
 * The hook (WXT's `entrypoints:grouped`) moves the popup out of the pages' group into a group of its own, which
 * WXT builds as a separate Vite build into the same output folder.
 */
import type { Entrypoint, EntrypointGroup } from 'wxt';

/** Takes the popup out of the pages' group and gives it a build of its own, in place. */
export function buildPopupAlone(groups: EntrypointGroup[]): void {
  for (const group of groups) {
    if (!Array.isArray(group)) continue;
    const at = group.findIndex((entry: Entrypoint) => entry.type === 'popup');
    // Alone already (no other page) or not in this group: nothing to split.
    if (at === -1 || group.length === 1) continue;
    const [popup] = group.splice(at, 1);
    groups.push([popup!]);
    return;
  }
}
