import { render } from 'preact';
import '@/src/ui/styles.css';
// In this order: the same rules, in the same cascade, as one sheet.
import '@/src/ui/sidepanel/sidepanel.css';
import '@/src/ui/sidepanel/rows/rows.css';
import '@/src/ui/sidepanel/results.css';
import { App } from '@/src/ui/sidepanel/App';

render(<App />, document.getElementById('app')!);
