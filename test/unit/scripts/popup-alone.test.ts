import { describe, expect, it } from 'vitest';
import type { Entrypoint, EntrypointGroup } from 'wxt';
import { buildPopupAlone, popupInOneFile } from '../../../scripts/popup-alone';

const entry = (name: string, type: string) => ({ name, type }) as unknown as Entrypoint;

describe('the popup built on its own', () => {
  it("is taken out of the pages' build into one of its own; the other builds are kept as they were", () => {
    const background = entry('background', 'background');
    const pages = [entry('options', 'options'), entry('popup', 'popup'), entry('sidepanel', 'sidepanel')];
    const groups: EntrypointGroup[] = [background, pages];
    buildPopupAlone(groups);
    expect(groups).toEqual([
      background,
      [entry('options', 'options'), entry('sidepanel', 'sidepanel')],
      [entry('popup', 'popup')],
    ]);
  });

  it('a popup already alone, or no popup, changes nothing', () => {
    const alone: EntrypointGroup[] = [[entry('popup', 'popup')], [entry('options', 'options')]];
    buildPopupAlone(alone);
    expect(alone).toEqual([[entry('popup', 'popup')], [entry('options', 'options')]]);
  });
});

describe("the popup's code in one file", () => {
  /** The output options the plugin gives a build whose input is `input`. */
  const output = (input: unknown, format = 'es') => {
    const plugin = popupInOneFile() as unknown as {
      options(options: { input: unknown }): null;
      outputOptions(options: object): { codeSplitting?: { groups: unknown[] } } | null;
    };
    plugin.options({ input });
    return plugin.outputOptions({ format, codeSplitting: { groups: ['pages'] } });
  };

  it('puts everything the popup loads when it opens with its entry, after the groups already set', () => {
    expect(output({ popup: '/x/entrypoints/popup/index.html' })?.codeSplitting?.groups).toEqual([
      'pages',
      { name: 'popup', tags: ['$initial'] },
    ]);
  });

  it("leaves the other pages' build, the background and the content script as they were", () => {
    expect(output({ options: '/x/options/index.html', sidepanel: '/x/sidepanel/index.html' })).toBeNull();
    expect(output({ options: '/x/options/index.html', popup: '/x/popup/index.html' })).toBeNull();
    expect(output('/x/entrypoints/background.ts', 'iife')).toBeNull();
    expect(output({ popup: '/x/entrypoints/popup/index.html' }, 'iife')).toBeNull();
  });
});
