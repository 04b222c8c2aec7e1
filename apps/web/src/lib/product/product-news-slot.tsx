import { createContext, useContext, type ComponentType } from 'react';

/**
 * A product's news pages (§7 product news), for the My Solutions product page. They are the
 * news feature's list and detail over the product's source; a feature never imports another
 * (docs/architecture.md), so the app hands them to My Solutions through this slot.
 */
export interface ProductNewsPages {
  /** The news tab: the product's news list. */
  List: ComponentType;
  /** One of the product's news items. */
  Item: ComponentType;
}

export const ProductNewsPagesContext = createContext<ProductNewsPages | null>(null);

export function useProductNewsPages(): ProductNewsPages {
  const pages = useContext(ProductNewsPagesContext);
  if (!pages) throw new Error('The app provides the product news pages (app/providers.tsx)');
  return pages;
}
