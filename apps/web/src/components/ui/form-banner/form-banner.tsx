import './form-banner.css';
import { SecondaryButton } from '../button/secondary-button.js';

/** What a form says above its fields: the §5 headline, a conflict, or a §8/§5 message. */
export interface FormBannerState {
  kind: 'invalid' | 'conflict' | 'message';
  text: string;
}

/**
 * The banner of every form (issue 27): announced as an alert; a conflict (412) offers the
 * reload that shows the other change.
 */
export function FormBanner({
  banner,
  reloadLabel,
  onReload,
}: {
  banner: FormBannerState | null;
  reloadLabel?: string;
  onReload?: () => void;
}) {
  if (!banner) return null;
  return (
    <div className={`ui-form-banner ui-form-banner--${banner.kind}`} role="alert">
      <p>{banner.text}</p>
      {banner.kind === 'conflict' && onReload && reloadLabel && (
        <SecondaryButton onClick={onReload}>{reloadLabel}</SecondaryButton>
      )}
    </div>
  );
}
