import { describe, expect, it } from 'vitest';
import { firstLoadChunk } from '../../../scripts/first-load-chunks';

/** A module graph as Rolldown's chunking context tells it: each module's static and dynamic importers. */
function graph(
  modules: Record<string, { entry?: boolean; importers?: string[]; dynamicImporters?: string[] }>,
) {
  return (id: string) => {
    const m = modules[id];
    return m
      ? {
          isEntry: m.entry ?? false,
          importers: m.importers ?? [],
          dynamicImporters: m.dynamicImporters ?? [],
        }
      : null;
  };
}

const PAGES = {
  '/e/popup/index.html': { entry: true },
  '/e/sidepanel/index.html': { entry: true },
  '/e/options/index.html': { entry: true },
};

describe('chunks by first load', () => {
  const info = graph({
    ...PAGES,
    '/e/popup/main.tsx': { importers: ['/e/popup/index.html'] },
    '/e/sidepanel/main.tsx': { importers: ['/e/sidepanel/index.html'] },
    '/e/options/main.tsx': { importers: ['/e/options/index.html'] },
    // Shared by the popup and the side panel at their opening, and by a lazily loaded view of the options page.
    '/src/card.tsx': { importers: ['/e/popup/main.tsx', '/e/sidepanel/main.tsx', '/src/lazy-form.tsx'] },
    '/src/lazy-form.tsx': { dynamicImporters: ['/e/options/main.tsx'] },
    // Reached from every page through the card or directly, and in a cycle with its neighbour.
    '/src/words.ts': { importers: ['/src/card.tsx', '/e/options/main.tsx', '/src/words-more.ts'] },
    '/src/words-more.ts': { importers: ['/src/words.ts'] },
    '/src/card.css': { importers: ['/src/card.tsx'] },
    '/src/only-lazy.ts': { importers: ['/src/lazy-form.tsx'] },
  });

  it('puts a module two pages load when they open with the others those same pages load then', () => {
    expect(firstLoadChunk('/src/card.tsx', info)).toBe('first-popup-sidepanel');
  });

  it('names the chunk by every page that loads it at its opening, through any path and across a cycle', () => {
    expect(firstLoadChunk('/src/words.ts', info)).toBe('first-options-popup-sidepanel');
    expect(firstLoadChunk('/src/words-more.ts', info)).toBe('first-options-popup-sidepanel');
  });

  it("leaves a page's own modules, styles and what only lazily loaded views use to the default chunking", () => {
    expect(firstLoadChunk('/e/popup/main.tsx', info)).toBeNull();
    expect(firstLoadChunk('/e/popup/index.html', info)).toBeNull();
    expect(firstLoadChunk('/src/card.css', info)).toBeNull();
    expect(firstLoadChunk('/src/only-lazy.ts', info)).toBeNull();
    expect(firstLoadChunk('/src/lazy-form.tsx', info)).toBeNull();
    expect(firstLoadChunk('/unknown.ts', info)).toBeNull();
  });
});
