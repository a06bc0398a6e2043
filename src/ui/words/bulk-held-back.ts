/**
 * A bulk reveal's people whose own reveal got no answer and is not settled, in words (part of `src/ui/words/`): left
 * out of the quote before the click, and skipped on the receipt after it, at no charge; what it cost is seen next to
 * the contact, where asking again is a choice of its own. The same words as a single reveal's ("got no answer").
 */
import { formatNumber } from '../../format/numbers';

const theirs = (count: number) =>
  count === 1
    ? 'its last reveal got no answer and may have been charged'
    : 'their last reveals got no answer and may have been charged';
const seeCost = (count: number) => `see what ${count === 1 ? 'it' : 'each'} cost next to the contact`;

/** Before the click: "1 not revealed: its last reveal got no answer and may have been charged; see what…". */
export const heldBackLeftOut = (count: number) =>
  `${formatNumber(count)} not revealed: ${theirs(count)}; ${seeCost(count)} first.`;

/** On the receipt: "Skipped 1: its last reveal got no answer and may have been charged; see what… (no charge)". */
export const skippedHeldBack = (count: number) =>
  `Skipped ${formatNumber(count)}: ${theirs(count)}; ${seeCost(count)} (no charge)`;

/** Why the button waits when everyone left to ask is held back. */
export const ALL_HELD_BACK =
  'Nothing to reveal now: see first what the reveals that got no answer cost, next to each contact.';
