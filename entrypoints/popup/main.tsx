import { render } from 'preact';
import '@/src/ui/styles.css';
import '@/src/ui/popup/popup.css';
import { App } from '@/src/ui/popup/App';
import { createPopupModel } from '@/src/ui/popup/model';

// The model's asks go out before the first render, which then runs in a task of its own: drawn first, the page's
// header and empty parts would hold the one message for the tab's person back by a render. A posted message, not a
// timer: a page out of sight has its timers held back to once a second.
const m = createPopupModel();
void m.init();
const next = new MessageChannel();
next.port1.onmessage = () => render(<App m={m} />, document.getElementById('app')!);
next.port2.postMessage(null);
