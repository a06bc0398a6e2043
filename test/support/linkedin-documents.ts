/**
 * LinkedIn pages as documents for unit tests of the site readers: the fixture pages of `test/fixtures/linkedin/`
 * (the same the end-to-end journeys serve on LinkedIn's own URLs), and the people a reader finds on them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseHTML } from 'linkedom';
import type { PagePerson } from '../../src/sites/linkedin/read-people';

/** A page's HTML as a document (linkedom's types are its own; the DOM's shape is the same). */
export function htmlDocument(html: string): Document {
  return parseHTML(html).document as unknown as Document;
}

/** The fixture page `name` as a document. */
export function linkedinFixture(name: string): Document {
  return htmlDocument(readFileSync(resolve(import.meta.dirname, '../fixtures/linkedin', name), 'utf8'));
}

/** Where public profile URLs start. */
export const IN = 'https://www.linkedin.com/in/';

/** A person as a reader gives them, with what the page did not show as null. */
export const pagePerson = (fields: Partial<PagePerson>): PagePerson => ({
  name: null,
  headline: null,
  location: null,
  publicUrl: null,
  pageUrl: null,
  ...fields,
});
