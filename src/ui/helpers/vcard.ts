/**
 * vCard 3.0 (RFC 2426) for revealed contacts: what "Save vCard" and the library's export write, which
 * phones and address books import. Values are escaped (backslash, comma, semicolon, line breaks) and lines end in CRLF.
 */
import type { ContactRecord } from '../../store/database/vault/vault-record';

const escapeText = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n').replace(/,/g, '\\,').replace(/;/g, '\\;');

/** "Ada Lovelace" -> "Lovelace;Ada;;;": the structured name vCard 3.0 requires beside FN. */
function structuredName(full: string): string {
  const parts = full.trim().split(/\s+/);
  const family = parts.length > 1 ? parts.pop()! : '';
  return `${escapeText(family)};${escapeText(parts.join(' '))};;;`;
}

/** One contact as a vCard; the name falls back to `fallbackName` (e.g. the profile's visible name). */
export function toVCard(record: ContactRecord, fallbackName?: string): string {
  const name = record.name ?? fallbackName ?? 'LinkedIn contact';
  const lines = ['BEGIN:VCARD', 'VERSION:3.0', `FN:${escapeText(name)}`, `N:${structuredName(name)}`];
  if (record.currentEmployer) lines.push(`ORG:${escapeText(record.currentEmployer)}`);
  if (record.currentTitle) lines.push(`TITLE:${escapeText(record.currentTitle)}`);
  if (record.email?.found) lines.push(`EMAIL;TYPE=INTERNET,HOME:${escapeText(record.email.value)}`);
  if (record.phone?.found) lines.push(`TEL;TYPE=CELL:${escapeText(record.phone.value)}`);
  if (record.socialUrl) lines.push(`URL:${escapeText(record.socialUrl)}`);
  lines.push('END:VCARD');
  return `${lines.join('\r\n')}\r\n`;
}

/** Several contacts in one .vcf file. */
export const toVCards = (records: readonly ContactRecord[]) => records.map((r) => toVCard(r)).join('');

/** A file name from a contact's name: "ada-lovelace.vcf". */
export function vcardFileName(name: string | null | undefined): string {
  const slug = (name ?? 'contact')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `${slug || 'contact'}.vcf`;
}
