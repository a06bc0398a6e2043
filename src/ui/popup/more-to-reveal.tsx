/**
 * What is left to reveal of a contact already revealed, as compact priced buttons ("Add phone · 6 credits"), each
 * revealing that one item; items looked up and not found keep their own "Ask again". Each button says why when it
 * cannot be clicked, with the way forward (who adds credits, the cap's field).
 */
import { formatCredits } from '../../api/pricing';
import type { Retrievable } from '../../api/schema-parts';
import { openCapSetting } from '../helpers/open-cap';
import { maxCostWithTeam } from '../helpers/team-held';
import { ADD_CREDITS, capOf } from '../words/errors';
import { checkAgain, ITEM_SHORT, itemsInWords } from '../words/items';
import { NOT_ENOUGH, type PopupModel } from './model';
import { reasonId, saidAbove } from './reason-id';

/** A reason a paid button cannot be clicked, with its next step as a control where there is one. */
export function Reason({ id, text, m }: { id: string; text: string; m: PopupModel }) {
  return (
    <p id={id} class="muted reason-line">
      {text}
      {text.startsWith(NOT_ENOUGH) && (
        <>
          {' '}
          {ADD_CREDITS}.{' '}
          <button type="button" class="link" onClick={() => void m.refreshBalance()}>
            Check my balance again
          </button>
        </>
      )}
      {/spending cap leaves/.test(text) && (
        <>
          {' '}
          <button type="button" class="link" onClick={() => openCapSetting(capOf(text))}>
            Open the cap setting
          </button>
        </>
      )}
    </p>
  );
}

export function MoreToReveal({
  m,
  onReveal,
}: {
  m: PopupModel;
  onReveal: (arg: 'missing' | 'check' | Retrievable) => void;
}) {
  const missing = m.knownMissing.value;
  const old = m.toCheckAgain.value;
  const buttons: Array<{
    arg: 'missing' | 'check' | Retrievable;
    words: string;
    problem: string | null;
    title?: string;
  }> = [
    ...m.toAdd.value.map((item) => {
      const cost = maxCostWithTeam([item], m.teamHeld.value);
      return {
        arg: item,
        // Held but flagged wrong since: bought again, said so.
        words: `${m.record.value?.[item]?.found ? `Buy ${ITEM_SHORT[item]} again` : `Add ${ITEM_SHORT[item]}`} · ${cost === 0 ? 'free, your team has it' : formatCredits(cost)}`,
        problem: m.addProblem(item),
      };
    }),
    ...(missing.length > 0
      ? [
          {
            arg: 'missing' as const,
            words: `Ask again for ${itemsInWords(missing)} · up to ${formatCredits(m.askAgainCost.value)}`,
            problem: m.askAgainProblem.value,
          },
        ]
      : []),
    // Held items bought longer ago than the setting (each card line says when): checked only on this click.
    ...(old.length > 0
      ? [
          {
            arg: 'check' as const,
            words: checkAgain(formatCredits(m.checkAgainCost.value)),
            problem: m.checkAgainProblem.value,
            title: `Asks the service again for the ${itemsInWords(old)}`,
          },
        ]
      : []),
  ];
  if (buttons.length === 0) return null;
  // One line per distinct reason (usually one: no key, a reveal under way, the balance), said once.
  const reasons = [
    ...new Set(buttons.map((b) => b.problem).filter((p): p is string => p !== null && !saidAbove(p))),
  ];
  const describedBy = (problem: string | null) =>
    reasonId(problem, `more-reason-${problem === null ? -1 : reasons.indexOf(problem)}`);
  return (
    <div class="more-to-reveal" data-testid="more-to-reveal">
      <div class="row">
        {buttons.map((b) => (
          <button
            key={b.arg}
            type="button"
            class="small"
            disabled={b.problem !== null}
            aria-describedby={describedBy(b.problem)}
            title={b.title}
            onClick={() => onReveal(b.arg)}
          >
            {b.words}
          </button>
        ))}
      </div>
      {reasons.map((text, i) => (
        <Reason key={text} id={`more-reason-${i}`} text={text} m={m} />
      ))}
    </div>
  );
}
