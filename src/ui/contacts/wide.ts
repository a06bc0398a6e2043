/**
 * Whether the library's page is wide enough for its table (from 720 px, where name, title, company, location, email,
 * phone, revealed and sent each keep a readable column); narrower, each contact is a card.
 */
import { signal } from '@preact/signals';

export const TABLE_MEDIA = '(min-width: 720px)';

const media = matchMedia(TABLE_MEDIA);
/** True while the page is at least 720 px wide; follows the window as it is resized. */
export const wide = signal(media.matches);
media.addEventListener('change', (event) => {
  wide.value = event.matches;
});
