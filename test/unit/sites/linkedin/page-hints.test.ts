import { parseHTML } from 'linkedom';
import { describe, expect, it } from 'vitest';
import { readPageHints } from '@/src/sites/linkedin/page-hints';

/** A document from markup; linkedom's types are its own, the DOM's shape is the same. */
function page(body: string): ParentNode {
  return parseHTML(`<!doctype html><html><body>${body}</body></html>`).document as unknown as ParentNode;
}

/** The shape of LinkedIn's profile top card, reduced to what the reader relies on. */
const TOP_CARD = `
  <header><h1 class="visually-hidden">0 notifications</h1></header>
  <main>
    <section class="artdeco-card">
      <div><a href="#"><h1 class="text-heading-xlarge">
        Jane   Doe
      </h1></a></div>
      <div class="text-body-medium break-words">  Talent partner at Acme &amp; Co.  </div>
      <span class="text-body-small">Berlin, Germany</span>
    </section>
    <section><div class="text-body-medium">About: not the headline</div></section>
  </main>`;

describe('readPageHints', () => {
  it('reads the name and the headline of the top card, whitespace-collapsed and trimmed', () => {
    expect(readPageHints(page(TOP_CARD))).toEqual({
      nameHint: 'Jane Doe',
      headlineHint: 'Talent partner at Acme & Co.',
    });
  });

  it('gives no hints when the page has no heading yet (LinkedIn renders the card after the URL changes)', () => {
    expect(readPageHints(page('<main><div class="skeleton"></div></main>'))).toEqual({});
  });

  it('gives the name alone when the card has no headline', () => {
    expect(readPageHints(page('<main><section><h1>Jane Doe</h1></section></main>'))).toEqual({
      nameHint: 'Jane Doe',
    });
  });

  it('does not take a headline-styled line from another section', () => {
    const html =
      '<main><section><h1>Jane Doe</h1></section><section class="text-body-medium">Ad</section></main>';
    expect(readPageHints(page(html))).toEqual({ nameHint: 'Jane Doe' });
  });

  it('treats blank texts as absent', () => {
    const html = '<main><section><h1>  \n </h1><div class="text-body-medium"> </div></section></main>';
    expect(readPageHints(page(html))).toEqual({});
  });

  it("never takes the site header's hidden h1, nor one beside the profile, for the name", () => {
    const html =
      '<header><h1 class="visually-hidden">0 notifications total</h1></header><main><section><div>Loading</div></section></main>' +
      '<aside><h1>Zoë Müller</h1><span class="text-body-medium">Data Analyst</span></aside>';
    expect(readPageHints(page(html))).toEqual({});
  });

  it('reads a section page (no h1 of its own) from the sticky header: its title and subtitle', () => {
    const html = `
      <header><h1 class="visually-hidden">0 notifications total</h1></header>
      <section class="scaffold-layout-toolbar">
        <div class="artdeco-entity-lockup pv-profile-sticky-header-v2__mini-profile-container">
          <div class="artdeco-entity-lockup__title"> Jane  Doe </div>
          <div class="artdeco-entity-lockup__subtitle">Talent partner at Acme</div>
        </div>
      </section>
      <main><section><h2>Experience</h2></section></main>
      <aside><div class="artdeco-entity-lockup__title">Someone Else</div></aside>`;
    expect(readPageHints(page(html))).toEqual({
      nameHint: 'Jane Doe',
      headlineHint: 'Talent partner at Acme',
    });
  });

  it('falls back to the first h1 when the page has no main element', () => {
    expect(
      readPageHints(page('<div><h1>Jane Doe</h1><p class="text-body-medium">Recruiter</p></div>')),
    ).toEqual({
      nameHint: 'Jane Doe',
      headlineHint: 'Recruiter',
    });
  });

  it('cuts texts to the schema limits (200 and 300) with an ellipsis', () => {
    const html = `<main><section><h1>${'N'.repeat(500)}</h1><div class="text-body-medium">${'H'.repeat(500)}</div></section></main>`;
    const hints = readPageHints(page(html));
    expect(hints.nameHint).toBe(`${'N'.repeat(199)}…`);
    expect(hints.headlineHint).toBe(`${'H'.repeat(299)}…`);
  });

  it('never cuts an emoji in half', () => {
    const html = `<main><section><h1>${'N'.repeat(198)}😀😀</h1></section></main>`;
    expect(readPageHints(page(html)).nameHint).toBe(`${'N'.repeat(198)}…`);
  });

  it('reads text, never markup', () => {
    const html = '<main><section><h1>Jane <b>Doe</b></h1></section></main>';
    expect(readPageHints(page(html)).nameHint).toBe('Jane Doe');
  });
});
