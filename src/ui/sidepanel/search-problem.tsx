/** What went wrong with a search the panel shows (its results, or a find's own search), said in words. */
import type { SearchSession } from '../../store/search';
import { ErrorView } from '../error-view';
import { openOptions } from './open-options';

/** The search's refusal or failure, or its cut-off by the extension stopping; nothing while it runs or once it answered. */
export function SearchProblem({ session }: { session: SearchSession }) {
  if (session.status === 'failed' && session.error) {
    return <ErrorView error={session.error} onOpenOptions={openOptions} />;
  }
  if (session.status !== 'interrupted') return null;
  return (
    <div class="error" role="alert">
      <strong>The extension stopped during this search</strong>
      <p>The service may have charged for it. Check your balance before searching again.</p>
    </div>
  );
}
