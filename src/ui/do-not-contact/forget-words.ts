/** Every word of the contact card's "Forget this person" (apart from Options' words, so neither page carries the other's). */
import { countOf } from '../../format/numbers';
export const FORGET_WORDS = {
  summary: 'Forget this person',
  how: 'For someone who asked to be erased or objected: erases them from this browser (what you revealed, where you sent them, your flags), puts them on your do-not-contact list so they are never revealed again, and with a team gateway does the same for your whole team. It cannot be undone.',
  button: 'Forget them',
  title: (name: string | null) => (name ? `${name} was forgotten` : 'The person was forgotten'),
  here: (items: number) =>
    items > 0
      ? `Erased from this browser: ${countOf(items, 'revealed item')}, with where you sent them and any flags.`
      : 'Erased from this browser, with where you sent them and any flags.',
  team: (items: number) =>
    items > 0
      ? `Erased from your team’s contacts: ${countOf(items, 'item')}. Your team will not reveal or send them again.`
      : 'Your team held nothing of them; they are on your team’s do-not-contact list now.',
  listed: 'They are on your do-not-contact list: they will not be revealed again.',
  sentTitle: 'Already sent: remove them there too',
  sentHow: 'These keep their own copy. Open each and delete the person there.',
  close: 'Close',
} as const;
