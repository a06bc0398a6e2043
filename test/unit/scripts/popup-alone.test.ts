import { describe, expect, it } from 'vitest';
import type { Entrypoint, EntrypointGroup } from 'wxt';
import { buildPopupAlone } from '../../../scripts/popup-alone';

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
