/**
 * What the popup and the side panel say when a LinkedIn page of a kind Candidate Lens knows was not read: no people
 * found, no one shown yet, or a profile whose name could not be read. Part of `src/ui/words/`.
 */
import type { PagePeople } from '../../protocol/shapes';

/** Where the user reads the page again: "open Candidate Lens again" (popup), "click Read again" (side panel). */
export type ReadAgain = 'open Candidate Lens again' | 'click Read again';

const SEND_REPORT =
  'send the page report to Candidate Lens support: it holds how the page is built, no names or text.';

/** The problem, in one sentence, then the next step. */
export function pageNotRead(page: PagePeople, again: ReadAgain): { what: string; next: string } {
  // No report: the page could not be asked (it was open before Candidate Lens was installed or updated).
  const send =
    page.report === null
      ? `reload the LinkedIn page and ${again}: a page report for Candidate Lens support is then offered here.`
      : SEND_REPORT;
  if (page.kind === 'profile') {
    return {
      what: 'Candidate Lens could not read the name on this profile. LinkedIn may have changed the page.',
      next: `You can still reveal this profile by its URL. To help fix the name, ${send}`,
    };
  }
  if (!page.list) {
    return {
      what: `Candidate Lens could not read the person on this ${page.label ?? 'page'}. LinkedIn may have changed it.`,
      next: `Wait for the page to load, then ${again}. If it is still not read, ${send}`,
    };
  }
  if (page.problem === 'not-shown') {
    return {
      what: 'LinkedIn has not shown the people on this page yet.',
      next: `Scroll until people show, then ${again}. If they are still not read, ${send}`,
    };
  }
  return {
    what: 'Candidate Lens could not read the people on this page. LinkedIn may have changed it.',
    next: `Scroll until people show, then ${again}. If they are still not read, ${send}`,
  };
}
