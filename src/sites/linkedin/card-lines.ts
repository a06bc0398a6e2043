/**
 * Lines a LinkedIn card shows that are not the person's headline or place: the connection degree ("· 1st"), pronouns
 * ("She/Her"), a verification mark spelled out, and LinkedIn's own notes on a 2026 search card ("Summary: …", "About
 * this profile"). A reader that takes "the line after the name" skips these, so a profile viewed by a connection
 * is not given "· 1st" as its headline. Each rule is tested with examples (test/unit/sites/linkedin/card-lines.test.ts).
 */

/** "1st", "· 2nd", "• 3rd+", "2nd degree connection": the degree badge, with or without its separator. */
const DEGREE = /^(?:[·•]\s*)?(?:1st|2nd|3rd\+?)(?:\s+degree(?:\s+connection)?)?$/i;

/** A line that starts with a separator is a badge run ("· 1st", "· Premium"), never a headline. */
const SEPARATOR_FIRST = /^[·•]/;

/** "She/Her", "he / him", "They/Them/Theirs", "she/they": pronouns as LinkedIn's profile field offers them. */
const PRONOUNS =
  /^(?:she|he|they|ze|xe)(?:\s*\/\s*(?:her|hers|him|his|they|them|theirs|she|he|zir|xem)){1,2}$/i;

/** A verification mark's text when it is not hidden ("Verified", "Verified profile"). */
const VERIFIED = /^verified(?:\s+profile)?$/i;

/** LinkedIn's notes on a 2026 search card: an AI summary and the "About this profile" affordance. */
const NOTE = /^(?:summary:|about this profile\b)/i;

/** True for a line that marks the person (degree, pronouns, verification) rather than describing them. */
export function isBadgeLine(text: string): boolean {
  const line = text.trim();
  return DEGREE.test(line) || SEPARATOR_FIRST.test(line) || PRONOUNS.test(line) || VERIFIED.test(line);
}

/** True for a line that is neither the person's headline nor their place: a badge, or one of LinkedIn's notes. */
export function isNotAboutThePerson(text: string): boolean {
  return isBadgeLine(text) || NOTE.test(text.trim());
}
