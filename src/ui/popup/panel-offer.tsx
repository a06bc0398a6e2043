/**
 * "Keep me beside LinkedIn: open the side panel": offered once, the first time the popup shows a profile (until
 * something of it is revealed, which needs the room), so a new
 * user learns of the panel that follows the tab (the extension adds nothing to LinkedIn's own pages). Put away with
 * "Not now"; either way it is not offered again (`store/panel-offer.ts` keeps when it was made).
 */
import { useSignal } from '@preact/signals';
import { useEffect } from 'preact/hooks';
import { panelOffer } from '../../store/items/panel-offer';
import { openSearch } from './open-pages';

/** Made in this popup: shown until taken or put away, even after it is stored as made. */
let madeHere = false;

export function PanelOffer({
  onProfile,
}: {
  /** A profile is open, settled, with nothing held of it and no reveal under way. */
  onProfile: boolean;
}) {
  const shown = useSignal(madeHere);
  useEffect(() => {
    if (!onProfile || madeHere) return;
    void panelOffer.get().then(async (made) => {
      if (made || madeHere) return;
      madeHere = true;
      shown.value = true;
      await panelOffer.set({ offeredAt: new Date().toISOString() });
    });
  }, [onProfile]);
  if (!shown.value || !onProfile) return null;
  return (
    <p class="panel-offer row" data-testid="panel-offer">
      <button
        type="button"
        class="small"
        onClick={() => {
          // Opened inside the click: the browser opens a side panel only on the user's gesture.
          openSearch();
          shown.value = false;
        }}
      >
        Keep me beside LinkedIn: open the side panel
      </button>
      <button type="button" class="small quiet" onClick={() => (shown.value = false)}>
        Not now
      </button>
    </p>
  );
}
