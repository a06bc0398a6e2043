import { render } from 'preact';
import '@/src/ui/styles.css';
import '@/src/ui/contacts/library.css';
import { App } from '@/src/ui/contacts/App';

render(<App />, document.getElementById('app')!);
