/** The console's page: mounted into the shell `/admin/` serves to a signed-in admin. */
import '../../../assets/tokens.css';
import './console.css';
import { render } from 'preact';
import { App } from './app';

render(<App />, document.getElementById('app')!);
