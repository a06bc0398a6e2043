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
import type { Plugin } from 'vite';
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

/** The Rolldown output options this plugin reads and sets (Vite's types name Rollup's). */
interface SplitOptions {
  format?: string;
  codeSplitting?: { groups?: unknown[] } & Record<string, unknown>;
}

/**
 * The popup's code in one script file: Rolldown's default puts what the popup's entry shares with its lazily loaded
 * parts in a second file (a common chunk), which the page asks for beside the entry, a second round through the
 * browser's process before any of its code runs. In the popup's own build only, every module the entry loads when
 * it opens (Rolldown's `$initial` tag: statically imported from the entry, directly or not) goes into the entry's
 * chunk; the parts loaded later import what they share from it, already loaded and run.
 */
export function popupInOneFile(): Plugin {
  let alone = false;
  return {
    name: 'candidate-lens:popup-in-one-file',
    options(options) {
      const { input } = options;
      alone =
        typeof input === 'object' &&
        input !== null &&
        !Array.isArray(input) &&
        Object.keys(input).join() === 'popup';
      return null;
    },
    outputOptions(options) {
      const split = options as SplitOptions;
      if (!alone || split.format !== 'es') return null;
      const groups = split.codeSplitting?.groups ?? [];
      return {
        ...options,
        codeSplitting: { ...split.codeSplitting, groups: [...groups, { name: 'popup', tags: ['$initial'] }] },
      } as typeof options;
    },
  };
}
