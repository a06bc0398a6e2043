/**
 * The shortcut that opens the side panel (a browser command). Chrome has no built-in command for it: the background
 * opens the panel for the window, synchronously inside the command's handler (a command counts as the user's gesture,
 * which `sidePanel.open` requires). Firefox opens its sidebar by its own `_execute_sidebar_action` command, named in
 * the manifest (see wxt.config.ts), and never sends this one.
 */
import { openSidePanel } from '../side-panel';

/** The command's name in the manifest. */
export const OPEN_PANEL_COMMAND = 'open-side-panel';

/** Handles the shortcut's command: opens the panel beside the tab it was pressed on. Never rejects. */
export function onPanelCommand(
  command: string,
  tab?: { id?: number | undefined; windowId?: number | undefined },
): Promise<void> {
  if (command !== OPEN_PANEL_COMMAND) return Promise.resolve();
  // The window's panel (not one bound to the tab), so it stays open as the recruiter moves between tabs.
  const where = tab?.windowId !== undefined ? { windowId: tab.windowId } : { tabId: tab?.id };
  return openSidePanel(where).catch((error: unknown) => console.warn('Could not open the side panel', error));
}
