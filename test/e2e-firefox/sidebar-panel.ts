/**
 * Firefox's real sidebar, driven over Marionette: its width set on its box (what the user resizes by dragging the
 * sidebar's edge), and the session's page commands pointed at the extension's page inside it.
 *
 * The sidebar's page is neither a tab nor a frame to Marionette. The browser window's `<browser id="sidebar">`
 * shows the chrome document `webext-panels.xhtml`, and that holds `#webext-panels-browser`, a remote `<browser>`
 * whose page is a top-level browsing context of its own: no window handle names it, and SwitchToFrame from
 * `webext-panels.xhtml` answers "no such frame" (it looks among child frames only). So a chrome-context script
 * does the one step Marionette has no command for: it makes that browsing context the session's current one, the
 * field SwitchToFrame and SwitchToWindow set. Every command after that (find, click, type, read, scripts) is
 * Marionette's own, in the sidebar's document at the sidebar's size; SwitchToWindow returns to a tab.
 */
import type { Driver } from './driver';

/** The browser window's extension sidebar: its box (whose width is the sidebar's) and the page's `<browser>`. */
const SIDEBAR = `
  const box = window.document.getElementById('sidebar-box');
  const panel = window.document.getElementById('sidebar').contentDocument?.getElementById('webext-panels-browser');
`;

/** Runs `body` as a privileged script in the browser window (Marionette's chrome context), then returns to pages. */
export async function inChrome<T>(ff: Driver, body: string, ...args: unknown[]): Promise<T> {
  await ff.command('Marionette:SetContext', { value: 'chrome' });
  try {
    return await ff.execute<T>(body, ...args);
  } finally {
    await ff.command('Marionette:SetContext', { value: 'content' });
  }
}

/**
 * Waits for the open sidebar to show `url`, then makes its page the one Marionette's page commands go to.
 * Returns the sidebar's width in the browser window (CSS px).
 */
export async function enterSidebar(ff: Driver, url: string): Promise<number> {
  return ff.until(`the sidebar to show ${url}`, () =>
    inChrome<number | null>(
      ff,
      `${SIDEBAR}
      if (box.hidden || panel?.currentURI.spec !== arguments[0]) return null;
      const { Marionette } = ChromeUtils.importESModule('chrome://remote/content/components/Marionette.sys.mjs');
      const sessions = [...Marionette.server.conns].filter((conn) => conn.driver.currentSession);
      if (sessions.length !== 1) throw new Error('expected one Marionette session, found ' + sessions.length);
      sessions[0].driver.currentSession.contentBrowsingContext = panel.browsingContext;
      return box.getBoundingClientRect().width;`,
      url,
    ),
  );
}

/** Sets the sidebar's width (CSS px) and waits until its page has that width. */
export async function setSidebarWidth(ff: Driver, width: number): Promise<void> {
  await inChrome(ff, `${SIDEBAR} box.style.width = arguments[0] + 'px';`, width);
  await ff.until(
    `the sidebar's page to be ${width} px wide`,
    async () => (await ff.execute<number>('return window.innerWidth')) === width,
  );
}
