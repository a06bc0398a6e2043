/** A secret address as a page may show it: its host and last 4 characters ("hooks.zapier.com …9f3a"). */
export function maskAddress(address: string): string {
  const tail = address.length > 8 ? address.slice(-4) : '';
  try {
    return `${new URL(address).host} …${tail}`;
  } catch {
    return `…${tail}`;
  }
}
