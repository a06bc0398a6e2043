/** The privacy notice and "what we hold", in words (part of the UI's words): the card's, the library's, Options'. */

export const PRIVACY_WORDS = {
  /** The card's folded privacy actions. */
  summary: 'Privacy',
  copy: 'Copy privacy notice',
  /** Said once the text is on the clipboard and the contact records it. */
  copied: 'Privacy notice copied: paste it into your first message to them.',
  /** On the card once a notice was copied: "Notice copied 3 Dec" ("3 Dec 2025" in another year). */
  copiedOn: (iso: string, now = Date.now()) => {
    const day = new Date(iso);
    const thisYear = day.getFullYear() === new Date(now).getFullYear();
    return `Notice copied ${day.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', ...(thisYear ? {} : { year: 'numeric' }) })}`;
  },
  exportJson: 'Export what we hold (JSON)',
  exportCsv: 'Export what we hold (CSV)',
  exported: 'Exported everything this browser holds about them.',
  /** The clipboard refused (the page lost focus, or the browser said no). */
  notCopied: 'Could not copy the notice: click Copy privacy notice again with this window in front.',
} as const;

/** Options' "Privacy notice" section. */
export const NOTICE_OPTIONS_WORDS = {
  title: 'Privacy notice',
  what: 'The text “Copy privacy notice” puts on the clipboard, for you to send a person whose contact details you revealed: where the data came from, what is held, why, for how long, and how to object or be erased (GDPR Article 14). The blanks in braces are filled for each person.',
  team: (team: string) =>
    `Your team’s admin sets this text for ${team} in the team’s console; this is the text in use.`,
  text: 'Notice',
  contact: 'How a person objects or asks to be erased (fills {contact})',
  blanks: 'The blanks',
  save: 'Save notice',
  saved: 'Saved. “Copy privacy notice” now copies this text.',
  reset: 'Put the default text back',
  resetDone: 'The default text is back in use.',
} as const;
