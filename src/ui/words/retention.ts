/**
 * The retention rules in words (`src/retention/rules.ts`): the library's "Removed on 6 Jan (EU rule)" and what
 * Options says of the rules. Part of `src/ui/words/`.
 */
import { EU_RULE_DAYS, type Removal } from '../../retention/eu-rule';

/** What the EU rule covers, and what keeps a person past it, said once wherever the rule is explained. */
export const EU_RULE_WHO =
  'people in the EU, the EEA, the UK and Switzerland, and anyone whose location is not known';

export const EU_RULE_LINE = `EU rule: ${EU_RULE_WHO}, are removed ${EU_RULE_DAYS} days after they were revealed unless you sent them to a destination.`;

/** Why the EU rule exists, for whoever asks. */
export const EU_RULE_WHY =
  'The law there gives you a month to tell a person you hold their data; one you have not sent anywhere is not kept longer.';

export const generalRuleLine = (days: number) =>
  `Everyone, sent or not, is removed ${days} ${days === 1 ? 'day' : 'days'} after they were revealed (your setting below).`;

/**
 * "Removed 6 Jan (EU rule)", "Removed 6 Jan (your setting)". Said only of a removal within the month ahead, so
 * the day needs no year (the tooltip has the whole date). A removal whose day has passed waits for the worker's next
 * pass (every few hours): a date in the past would read as if the contact were already gone, so it is said as due.
 */
export function removalLine(removal: Removal, now = Date.now()): string {
  const rule = removal.rule === 'eu' ? 'EU rule' : 'your setting';
  if (removal.at.getTime() <= now) return `Due for removal (${rule})`;
  return `Removed ${removal.at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short' })} (${rule})`;
}

/** The tooltip beside the line: why, and what keeps the contact. */
export const removalWhy = (removal: Removal, generalDays: number) =>
  `${removal.at.toLocaleDateString('en-GB', { dateStyle: 'long' })}. ${
    removal.rule === 'eu'
      ? `Kept ${EU_RULE_DAYS} days unless sent to a destination: the rule for ${EU_RULE_WHO}.`
      : `Revealed contacts are kept ${generalDays} days, as set in Options.`
  }`;
