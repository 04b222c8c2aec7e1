import { useMemo } from 'react';
import { catalogueEntry } from '../../../lib/http/error-catalogue.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useFrameToken } from '../api/frame-token.js';
import {
  EXTERNAL_SANDBOX,
  isSameOrigin,
  SAME_ORIGIN_SANDBOX,
  withFrameToken,
} from '../utils/frame-address.js';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

/** §9: frame height 950. */
export const FRAME_HEIGHT = 950;

interface SupportFrameProps {
  /** The frame address without a token (absolute). */
  address: string;
  /** The frame's accessible name. */
  title: string;
}

/**
 * A Support4U frame (§2 services): full width, height 950, sandboxed. A frame on this origin
 * (the built-in desk) waits for a frame token before its src is set; an external one loads
 * at once and never gets the token (docs/decisions/0005, 0010).
 */
export function SupportFrame({ address, title }: SupportFrameProps) {
  const t = useT();
  const url = useMemo(() => new URL(address), [address]);
  const sameOrigin = isSameOrigin(url, window.location.origin);
  const token = useFrameToken(url.href, sameOrigin);

  if (!sameOrigin) {
    return <Frame src={url.href} title={title} sandbox={EXTERNAL_SANDBOX} />;
  }
  if (token.data) {
    return (
      <Frame
        src={withFrameToken(url, token.data.token)}
        title={title}
        sandbox={SAME_ORIGIN_SANDBOX}
      />
    );
  }
  if (token.isError) {
    return (
      <div className="services-frame__message">
        <p className="ui-error-text" role="alert">
          {catalogueEntry(token.error).content}
        </p>
        <SecondaryButton onClick={() => void token.refetch()}>
          {t('support.frame.retry')}
        </SecondaryButton>
      </div>
    );
  }
  return (
    <p className="services-frame__message" role="status">
      {t('support.frame.loading')}
    </p>
  );
}

function Frame({ src, title, sandbox }: { src: string; title: string; sandbox: string }) {
  return (
    <iframe
      className="services-frame"
      src={src}
      title={title}
      sandbox={sandbox}
      height={FRAME_HEIGHT}
    />
  );
}
