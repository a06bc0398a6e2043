/** The keyboard command that opens the side panel (Chrome): the window's panel, only for its own command. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { OPEN_PANEL_COMMAND, onPanelCommand } from '../../../src/background/panel-command';

describe('the side panel command', () => {
  afterEach(() => vi.restoreAllMocks());

  it("opens the window's panel (so it stays as tabs change), only for its own command", async () => {
    const open = vi.spyOn(fakeBrowser.sidePanel, 'open').mockImplementation((async () => undefined) as never);
    await onPanelCommand('_execute_action', { id: 3, windowId: 1 });
    expect(open).not.toHaveBeenCalled();
    await onPanelCommand(OPEN_PANEL_COMMAND, { id: 3, windowId: 1 });
    expect(open.mock.calls).toEqual([[{ windowId: 1 }]]);
  });

  it('opens for the tab when the window is not known, and a refusal is a warning, never a rejection', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const open = vi.spyOn(fakeBrowser.sidePanel, 'open').mockRejectedValue(new Error('no gesture') as never);
    await expect(onPanelCommand(OPEN_PANEL_COMMAND, { id: 3 })).resolves.toBeUndefined();
    expect(open.mock.calls).toEqual([[{ tabId: 3 }]]);
    expect(warn).toHaveBeenCalled();
  });
});
