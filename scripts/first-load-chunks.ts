/**
 * The pages' shared code chunked by first load: a module that two or more pages load when they open goes into one
 * chunk with every other module exactly those pages load when they open (the code every page needs in one file, the
 * popup's and the side panel's shared code in another), instead of Rolldown's default, which also splits them by
 * which lazily loaded views use each. No page loads a byte more when it opens, and each loads fewer files: every
 * file an extension page asks for is a round through the browser's process, which on a loaded machine costs more
 * than its bytes (docs/performance.md, the popup against the platform's floor).
 *
 * A page's own modules (its entry, its App, its styles) and what only lazily loaded views use keep Rolldown's
 * default: a chunk of this plugin holds only code shared by pages, so a page that loads one later, through a lazily
 * loaded view, never runs another page's own code or takes its styles (it may take a few shared modules early).
 */
import type { Plugin } from 'vite';

/** The Rolldown chunking context's module info, as far as this plugin reads it. */
interface Info {
  isEntry: boolean;
  importers: readonly string[];
  dynamicImporters: readonly string[];
}

type ModuleInfoOf = (id: string) => Info | null;

/** A page's own entry (its HTML), not a module loaded by `import()`. */
const isPage = (self: Info) => self.isEntry && self.dynamicImporters.length === 0;

/** The pages (their entry modules) that load `id` when they open: those it is reached from by static imports. */
export function pagesOpeningWith(id: string, info: ModuleInfoOf, memo = new Map<string, Set<string>>()) {
  const known = memo.get(id);
  if (known) return known;
  const pages = new Set<string>();
  // Set before the walk: an import cycle reaches this module again, and adds nothing new.
  memo.set(id, pages);
  const self = info(id);
  if (!self) return pages;
  if (isPage(self)) pages.add(id);
  for (const importer of self.importers)
    for (const page of pagesOpeningWith(importer, info, memo)) pages.add(page);
  return pages;
}

/** The chunk's name: `first-` and the pages' folder names (`first-popup-sidepanel`). */
export function chunkName(pages: ReadonlySet<string>): string {
  const names = [...pages].map((page) => page.split('/').at(-2) ?? page).sort();
  return `first-${names.join('-')}`;
}

/** The chunk a module goes in: null (Rolldown's default) unless two or more pages load it when they open. */
export function firstLoadChunk(
  id: string,
  info: ModuleInfoOf,
  memo?: Map<string, Set<string>>,
): string | null {
  const self = info(id);
  if (!self || isPage(self) || /\.css($|\?)/.test(id)) return null;
  const pages = pagesOpeningWith(id, info, memo);
  return pages.size < 2 ? null : chunkName(pages);
}

export function firstLoadChunks(): Plugin {
  return {
    name: 'candidate-lens:first-load-chunks',
    outputOptions(options) {
      // The pages' build only: the background and the content script are one file each.
      if (options.format !== 'es') return null;
      // One walk of the graph a chunking pass (Rolldown gives each pass its own context).
      let pass: unknown = null;
      let memo = new Map<string, Set<string>>();
      return {
        ...options,
        codeSplitting: {
          groups: [
            {
              name: (id, ctx) => {
                if (ctx !== pass) {
                  pass = ctx;
                  memo = new Map();
                }
                return firstLoadChunk(id, (m) => ctx.getModuleInfo(m) as Info | null, memo);
              },
              // Each module goes where its own pages say, not with the module that imports it.
              includeDependenciesRecursively: false,
            },
          ],
        },
      } as typeof options;
    },
  };
}
