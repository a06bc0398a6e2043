/** The words of the panel's reveal buttons, and a list row's Reveal: when it shows, what it says, when it is off. */
import type { VNode } from 'preact';
import { describe, expect, it, vi } from 'vitest';
import {
  type RevealState,
  RowRevealButton,
  revealWords,
} from '../../../../../src/ui/sidepanel/rows/row-reveal';
import { ADA, record } from '../fixtures';

/** Ada's email, held in the vault. */
const adaEmailHeld = record(ADA, { email: 'ada@example.org' });
const toAsk: RevealState['offer'] = { items: ['phone'], most: 6, label: 'Reveal · up to 6 credits' };
const nothingToAsk: RevealState['offer'] = { items: [], most: 0, label: 'Reveal · up to 0 credits' };
const ready: RevealState = { offer: toAsk, chosen: true, revealing: false };

describe('the words of a reveal button', () => {
  it('gives the price, and says when nothing is chosen or everything chosen is held', () => {
    expect(revealWords(ready)).toBe('Reveal · up to 6 credits');
    expect(revealWords({ ...ready, offer: nothingToAsk })).toBe('Revealed');
    expect(revealWords({ ...ready, offer: nothingToAsk, chosen: false })).toBe('Choose items');
  });

  it('says, first to last, a reveal under way, a bulk reveal, a balance too low, then asking again', () => {
    const all: RevealState = { ...ready, revealing: true, inBulk: true, tooLow: true, again: true };
    expect(revealWords(all)).toBe('Revealing…');
    expect(revealWords({ ...all, revealing: false })).toBe('In bulk reveal');
    expect(revealWords({ ...all, revealing: false, inBulk: false })).toBe('Balance too low · 6 credits');
    expect(revealWords({ ...all, revealing: false, inBulk: false, tooLow: false })).toBe(
      'Reveal again · up to 6 credits',
    );
  });
});

type Shown = VNode<Record<string, unknown>>;
const row = (state: Partial<Parameters<typeof RowRevealButton>[0]> = {}) =>
  RowRevealButton({ ...ready, name: 'Ada Lovelace', record: null, onReveal: () => {}, ...state }) as Shown;

describe("a list row's Reveal", () => {
  it('is a button named with the person, that reveals on a click', () => {
    const onReveal = vi.fn();
    const button = row({ onReveal });
    expect(button.type).toBe('button');
    expect(button.props['aria-label']).toBe('Reveal · up to 6 credits: Ada Lovelace');
    expect(button.props.children).toBe('Reveal · up to 6 credits');
    expect(button.props.disabled).toBeFalsy();
    (button.props.onClick as () => void)();
    expect(onReveal).toHaveBeenCalledOnce();
  });

  it('is off while a reveal is under way, in a bulk reveal, the balance too low, or waiting for a charge check', () => {
    for (const state of [
      { revealing: true },
      { inBulk: true },
      { tooLow: true },
      { again: true, waiting: true },
    ]) {
      expect(row(state).props.disabled, JSON.stringify(state)).toBe(true);
    }
    expect(row({ again: true, waiting: false }).props.disabled).toBeFalsy();
  });

  it('gives way to a "Revealed" for screen readers once everything chosen is held', () => {
    const settled = row({ offer: nothingToAsk, record: adaEmailHeld });
    expect(settled.type).toBe('span');
    expect(settled.props.class).toBe('visually-hidden');
    expect(settled.props.children).toBe('Revealed');
  });

  it('stays a disabled button while nothing is held, nothing is chosen, or a reveal is still under way', () => {
    const cases: Partial<Parameters<typeof RowRevealButton>[0]>[] = [
      { offer: nothingToAsk },
      { offer: nothingToAsk, record: adaEmailHeld, chosen: false },
      { offer: nothingToAsk, record: adaEmailHeld, revealing: true },
      { offer: nothingToAsk, record: adaEmailHeld, inBulk: true },
    ];
    for (const state of cases) {
      const shown = row(state);
      expect(shown.type, JSON.stringify(state)).toBe('button');
      expect(shown.props.disabled).toBe(true);
    }
  });
});
