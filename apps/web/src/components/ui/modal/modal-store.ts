import { useMemo } from 'react';
import { create } from 'zustand';
import type { LabelKey } from '../../../lib/labels/use-t.js';

export interface ModalConsent {
  /** Label key of the consent button; 'modal.consent' when absent. */
  labelKey?: LabelKey;
  onConsent?: () => void;
}

/** §3 Modal content (title, body HTML), or the key of a content document fetched first. */
export type ModalRequest =
  | { title: string; body: string; consent?: ModalConsent }
  | { contentKey: string; consent?: ModalConsent };

interface ModalState {
  request: ModalRequest | null;
  /** Shows the app-wide modal (replacing any open one). */
  open: (request: ModalRequest) => void;
  close: () => void;
}

/** App-wide UI state for the one modal the shell hosts (ARCHITECTURE: "modal in a small store"). */
export const useModalStore = create<ModalState>()((set) => ({
  request: null,
  open: (request) => set({ request }),
  close: () => set({ request: null }),
}));

/** `const modal = useModal(); modal.open({ contentKey: 'news-help' })`. */
export function useModal(): Pick<ModalState, 'open' | 'close'> {
  const open = useModalStore((state) => state.open);
  const close = useModalStore((state) => state.close);
  return useMemo(() => ({ open, close }), [open, close]);
}
