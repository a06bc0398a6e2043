/** `host:port/database` of a PostgreSQL URL, without user or password (for messages and the start line). */
export function describeUrl(url: string): string {
  try {
    const parsed = new URL(url);
    const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || '(default database)';
    return `${parsed.hostname || 'local socket'}${parsed.port ? `:${parsed.port}` : ''}/${database}`;
  } catch {
    return '(a DATABASE_URL that is not a valid URL)';
  }
}
