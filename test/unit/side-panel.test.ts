/** openSidePanel: Firefox's sidebar when there is one, else Chrome's side panel for the tab or the window. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { openSidePanel } from '../../src/side-panel';

type WithSidebar = { sidebarAction?: { open(): Promise<void> } };

describe('openSidePanel', () => {
  afterEach(() => {
    delete (fakeBrowser as WithSidebar).sidebarAction;
  });

  it("opens Firefox's sidebar (one per window) and not Chrome's panel", async () => {
    const sidebar = vi.fn(async () => undefined);
    (fakeBrowser as WithSidebar).sidebarAction = { open: sidebar };
    const panel = vi
      .spyOn(fakeBrowser.sidePanel, 'open')
      .mockImplementation((async () => undefined) as never);
    await openSidePanel({ tabId: 4, windowId: 1 });
    expect(sidebar).toHaveBeenCalledOnce();
    expect(panel).not.toHaveBeenCalled();
  });

  it("opens Chrome's panel for the tab, else for the window", async () => {
    const panel = vi
      .spyOn(fakeBrowser.sidePanel, 'open')
      .mockImplementation((async () => undefined) as never);
    await openSidePanel({ tabId: 4, windowId: 1 });
    await openSidePanel({ windowId: 1 });
    expect(panel.mock.calls).toEqual([[{ tabId: 4 }], [{ windowId: 1 }]]);
  });

  it('resolves when there is nothing to open in, and rejects (never throws) when opening fails', async () => {
    await expect(openSidePanel({})).resolves.toBeUndefined();
    (fakeBrowser as WithSidebar).sidebarAction = {
      open: () => {
        throw new Error('sidebarAction.open may only be called from a user input handler');
      },
    };
    const opening = openSidePanel({ windowId: 1 });
    await expect(opening).rejects.toThrow('user input handler');
  });
});
