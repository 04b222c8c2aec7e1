import { useT } from '../../lib/labels/use-t.js';
import '../shell/shell.labels.js';

/** Shown while the first route's loader and lazy module load, before the shell renders. */
export function StartingUp() {
  const t = useT();
  return (
    <p className="app-route-message" role="status">
      {t('shell.pageLoading')}
    </p>
  );
}
