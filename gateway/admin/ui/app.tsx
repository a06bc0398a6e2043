/** The console: who is signed in, and its screens. */
import { WORDS } from '../words';

export function App() {
  return (
    <main>
      <h1>{WORDS.console}</h1>
    </main>
  );
}
