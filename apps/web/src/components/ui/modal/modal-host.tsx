import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { infoDocumentQueryOptions } from './info-document-query.js';
import { useModalStore, type ModalConsent } from './modal-store.js';

// Loaded when a modal first opens: the dialog and the HTML sanitiser it needs (DOMPurify) stay
// off the start-up path (ADR 0047).
const Modal = lazy(() => import('./modal.js').then((module) => ({ default: module.Modal })));

/**
 * The app-wide modal: the shell mounts this once (inside the QueryClientProvider); anything
 * opens it with `useModal().open(...)`.
 */
export function ModalHost() {
  const request = useModalStore((state) => state.request);
  const close = useModalStore((state) => state.close);
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      {'contentKey' in request ? (
        <ContentKeyModal
          key={request.contentKey}
          contentKey={request.contentKey}
          consent={request.consent}
          onClose={close}
        />
      ) : (
        <Modal
          title={request.title}
          body={request.body}
          onClose={close}
          {...consentProps(request.consent)}
        />
      )}
    </Suspense>
  );
}

function consentProps(consent: ModalConsent | undefined) {
  if (!consent) return {};
  return { consentLabelKey: consent.labelKey ?? 'modal.consent', onConsent: consent.onConsent };
}

interface ContentKeyModalProps {
  contentKey: string;
  consent: ModalConsent | undefined;
  onClose: () => void;
}

/** A content key is fetched first; the modal opens when the document is there (§2). */
function ContentKeyModal({ contentKey, consent, onClose }: ContentKeyModalProps) {
  const { data, isError } = useQuery(infoDocumentQueryOptions(contentKey));
  // The failure went to the shared error handling (§8); drop the request so nothing hangs open.
  useEffect(() => {
    if (isError) onClose();
  }, [isError, onClose]);
  if (!data) return null;
  return (
    <Modal title={data.title} body={data.content} onClose={onClose} {...consentProps(consent)} />
  );
}
