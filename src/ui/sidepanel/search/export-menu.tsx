/**
 * "Export" at the top of a list, a small menu: "Export CSV" with what it writes said beside it ("Only the 50 rows
 * loaded, of 368 candidates, with revealed emails and phones"), where it applies rather than under every list.
 */
import type { ComponentChildren } from 'preact';

export function ExportMenu({
  disabled = false,
  onExport,
  children,
}: {
  disabled?: boolean;
  onExport: () => unknown;
  /** What the export writes, in a line. */
  children?: ComponentChildren;
}) {
  return (
    <details class="export-menu">
      <summary>Export</summary>
      <div class="menu">
        <button type="button" class="small" disabled={disabled} onClick={() => void onExport()}>
          Export CSV
        </button>
        {children}
      </div>
    </details>
  );
}
