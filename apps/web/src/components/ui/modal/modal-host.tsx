import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { infoDocumentQueryOptions } from './info-document-query.js';
import { Modal } from './modal.js';
import { useModalStore, type ModalConsent } from './modal-store.js';

/**
 * The app-wide modal: the shell mounts this once (inside the QueryClientProvider); anything
 * opens it with `useModal().open(...)`.
 */
export function ModalHost() {
  const request = useModalStore((state) => state.request);
  const close = useModalStore((state) => state.close);
  if (!request) return null;
  if ('contentKey' in request) {
    return (
      <ContentKeyModal
        key={request.contentKey}
        contentKey={request.contentKey}
        consent={request.consent}
        onClose={close}
      />
    );
  }
  return (
    <Modal
      title={request.title}
      body={request.body}
      onClose={close}
      {...consentProps(request.consent)}
    />
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
