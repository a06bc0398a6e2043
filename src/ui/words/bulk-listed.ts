/**
 * A bulk reveal's people on a do-not-contact list, in words (part of `src/ui/words/`): left out of the quote before
 * the click, and skipped on the receipt after it, at no charge. Each list is named as its rows name it.
 */
import { DNC_ROW_WORDS, type DncScope } from '../../domain/do-not-contact-words';
import { formatNumber } from '../../format/numbers';

const onList = (scope: DncScope) => DNC_ROW_WORDS[scope].replace(/^On/, 'on');

/** Before the click: "1 on your team’s do-not-contact list, not revealed." */
export const listedLeftOut = (count: number, scope: DncScope) =>
  `${formatNumber(count)} ${onList(scope)}, not revealed.`;

/** On the receipt: "Skipped 1: on your team’s do-not-contact list (no charge)". */
export const skippedListed = (count: number, scope: DncScope) =>
  `Skipped ${formatNumber(count)}: ${onList(scope)} (no charge)`;
