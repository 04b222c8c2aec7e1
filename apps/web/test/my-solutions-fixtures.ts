import type { Download, ProductDetail } from '@portico/contracts';

/** The demo account's product ERP as `GET /api/products/p-erp` answers it. */
export const ERP: ProductDetail = {
  id: 'p-erp',
  productName: 'ERP',
  slug: 'erp',
  contentId: 'c-erp',
};

/** ERP's 2026.2 installer as `GET /api/products/p-erp/downloads` lists it. */
export const ERP_INSTALLER: Download = {
  id: 'd-1',
  name: 'ERP 2026.2 installer',
  version: '2026.2',
  releaseDate: '2026-06-16',
  fileName: 'portico-erp-2026.2-installer.bin',
  size: 2_456_789,
  sha256: 'ab'.repeat(32),
  url: '/api/products/p-erp/downloads/d-1/file',
};
