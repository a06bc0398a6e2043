/**
 * The privacy policy as a page of the extension (`privacy.html`), made at build time from PRIVACY.md, so the
 * options page can open the very policy of the installed version, offline, and there is one text to keep.
 * The page is static: no script, nothing fetched, not web-accessible (pages on the web cannot load it).
 */
import { Marked } from 'marked';

/** The built page's path inside the extension (the options page links to it). */
export const PRIVACY_PAGE = 'privacy.html';

const STYLE = `
:root { color-scheme: light dark; --fg: #1d2226; --muted: #5e6b75; --bg: #ffffff; --line: #d9dee3; --accent: #0a66c2;
  font: 15px / 1.55 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--fg); background: var(--bg); }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e8eaed; --muted: #9aa4ad; --bg: #1f2327; --line: #3a4148; --accent: #71b7fb; }
}
body { margin: 0; }
main { max-width: 46rem; margin: 0 auto; padding: 24px 20px 48px; }
h1 { font-size: 24px; } h2 { font-size: 18px; margin-top: 28px; border-top: 1px solid var(--line); padding-top: 16px; }
a { color: var(--accent); }
code { font-size: 0.92em; }
table { border-collapse: collapse; width: 100%; } th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; vertical-align: top; }
`;

/** The whole page for `markdown` (PRIVACY.md), stamped with the version it ships in. */
export function renderPrivacyPage(markdown: string, version: string): string {
  // A fresh instance: marked's global options are shared with anything else that imports it.
  const body = new Marked({ gfm: true, async: false }).parse(markdown) as string;
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Candidate Lens privacy policy</title>
    <style>${STYLE}</style>
  </head>
  <body>
    <main>
${body}
      <p><small>This copy ships with Candidate Lens ${escapeHtml(version)}.</small></p>
    </main>
  </body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
}
