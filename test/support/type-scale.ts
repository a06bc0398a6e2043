/**
 * The type scale every screen keeps, read from what the browser computed rather than from the stylesheets: body text
 * 14 px, nothing a person can see under 12 px, every action's label at least 13 px, the primary action's label at
 * least as large as any other button's, and a revealed email or phone larger than every other text but the person's
 * name. The reader is a script (a string), so Playwright in Chromium and Marionette in Firefox run the same one.
 */

/** One run of visible text and the size it is drawn at. */
export interface TextSize {
  /** The text, cut to 40 characters (to name it in a failure). */
  text: string;
  px: number;
  /** `action`: a button, a link or summary acting as one; `primary`: the screen's primary button; else `text`. */
  kind: 'text' | 'action' | 'primary';
  /** Inside the revealed email or phone. */
  contact: boolean;
  /** Inside the person's name. */
  name: boolean;
}

/** Where a screen shows the revealed contact and the person's name (CSS selectors), when it shows them. */
export interface ScreenMarks {
  contact?: string;
  name?: string;
}

/**
 * The smallest sizes of the scale, in CSS pixels: body text 14, nothing under 12, actions 13, and at most a quarter
 * of a screen's visible texts under 13 (a list's details read at 13: captions at 12 only where a screen has few).
 */
export const SCALE = { body: 14, least: 12, action: 13, list: 13, smallShare: 0.25 } as const;

/**
 * A script expression that evaluates, in the page, to `{ body, texts }`: the body's computed font size and a
 * {@link TextSize} for every run of text a person can see (text nodes with a box, and the text of form fields).
 */
export function readTextSizesScript(marks: ScreenMarks = {}): string {
  return `(() => {
    const marks = ${JSON.stringify(marks)};
    const ACTION = 'button, [role="button"], [role="tab"], summary, a.button, input[type="button"], input[type="submit"]';
    const FIELD = 'input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]):not([type="button"]):not([type="submit"]), select, textarea';
    const texts = [];
    const seen = (element) => {
      if (!element.checkVisibility({ opacityProperty: true, visibilityProperty: true })) return false;
      const box = element.getBoundingClientRect();
      // A visually hidden element (1 px, clipped) is read by a screen reader, not seen.
      return box.width > 1 && box.height > 1;
    };
    const add = (element, text) => {
      const action = element.closest(ACTION);
      texts.push({
        text: text.trim().replace(/\\s+/g, ' ').slice(0, 40),
        px: parseFloat(getComputedStyle(element).fontSize),
        kind: action && action.matches('button.primary') ? 'primary' : action ? 'action' : 'text',
        contact: Boolean(marks.contact && element.closest(marks.contact)),
        name: Boolean(marks.name && element.closest(marks.name)),
      });
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || !node.textContent.trim() || element.closest('script, style, option, textarea')) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const drawn = [...range.getClientRects()].some((r) => r.width > 0 && r.height > 0);
      if (drawn && seen(element)) add(element, node.textContent);
    }
    for (const field of document.querySelectorAll(FIELD)) {
      if (seen(field)) add(field, field.value || field.placeholder || field.getAttribute('aria-label') || field.tagName);
    }
    return { body: parseFloat(getComputedStyle(document.body).fontSize), texts };
  })()`;
}

const show = (t: TextSize) => `"${t.text}" ${t.px} px`;

/** Every way the sizes read break the scale, said in words (empty when the screen keeps it). */
export function typeScaleProblems({ body, texts }: { body: number; texts: TextSize[] }): string[] {
  const problems: string[] = [];
  if (body < SCALE.body) problems.push(`body text is ${body} px, under ${SCALE.body} px`);
  for (const t of texts) {
    if (t.px < SCALE.least) problems.push(`${show(t)}: under ${SCALE.least} px`);
    else if (t.kind !== 'text' && t.px < SCALE.action)
      problems.push(`${show(t)}: an action under ${SCALE.action} px`);
  }
  const small = texts.filter((t) => t.px < SCALE.list);
  if (texts.length > 0 && small.length > texts.length * SCALE.smallShare) {
    problems.push(
      `${small.length} of ${texts.length} texts under ${SCALE.list} px, more than a quarter: ${small.slice(0, 5).map(show).join(', ')}`,
    );
  }
  const primary = texts.filter((t) => t.kind === 'primary');
  const actions = texts.filter((t) => t.kind === 'action');
  const smallestPrimary = Math.min(...primary.map((t) => t.px));
  for (const action of actions) {
    if (primary.length > 0 && action.px > smallestPrimary) {
      problems.push(`${show(action)}: larger than the primary action (${smallestPrimary} px)`);
    }
  }
  const contact = texts.filter((t) => t.contact);
  const smallestContact = Math.min(...contact.map((t) => t.px));
  for (const other of texts) {
    if (contact.length > 0 && !other.contact && !other.name && other.px >= smallestContact) {
      problems.push(`${show(other)}: as large as the revealed contact (${smallestContact} px)`);
    }
  }
  return problems;
}
