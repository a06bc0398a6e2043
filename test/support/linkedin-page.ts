/** A minimal LinkedIn-like page; the content script only reads the URL and, as a hint, the visible name. */
export function linkedinPage(name = 'Ada Lovelace', headline = 'Analyst'): string {
  return `<!doctype html><html><head><title>${name} | LinkedIn</title><link rel="icon" href="data:,"></head>
<body><main><section><h1>${name}</h1><div class="text-body-medium">${headline}</div></section></main></body></html>`;
}
