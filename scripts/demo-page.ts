/** A LinkedIn-like profile page for the demo: LinkedIn URLs are answered locally, never fetched. */
export function demoProfilePage(name: string, headline: string, location: string): string {
  const escapeHtml = (text: string) =>
    text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(name)} | LinkedIn</title>
<link rel="icon" href="data:,">
<style>
  body { margin: 0; font: 14px system-ui, sans-serif; background: #f4f2ee; color: #191919; }
  nav { background: #fff; border-bottom: 1px solid #ddd; padding: 10px 24px; font-weight: 700; color: #0a66c2; }
  main { max-width: 760px; margin: 24px auto; }
  section { background: #fff; border-radius: 8px; border: 1px solid #ddd; padding: 24px; }
  .banner { height: 120px; background: linear-gradient(90deg, #a0b4c8, #dce6f0); border-radius: 8px 8px 0 0; margin: -24px -24px 16px; }
  h1 { margin: 0 0 4px; font-size: 24px; }
  .muted { color: #666; }
</style></head>
<body><nav>in &nbsp; Demo profile (served locally)</nav>
<main><section><div class="banner"></div><h1>${escapeHtml(name)}</h1>
<div class="text-body-medium">${escapeHtml(headline)}</div>
<p class="muted">${escapeHtml(location)} · 500+ connections</p></section></main></body></html>`;
}
