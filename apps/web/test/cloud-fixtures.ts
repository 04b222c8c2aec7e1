import type { CloudEnvironment, CloudInstance } from '@portico/contracts';

/** An environment of the demo account's "Northwind ERP" (`GET /api/cloud/instances`). */
export function cloudEnvironment(over: Partial<CloudEnvironment> = {}): CloudEnvironment {
  return {
    id: 'e-1',
    name: null,
    kind: 'PRODUCTION',
    version: '2026.3.2',
    url: 'https://northwind-erp.cloud.portico.test',
    lastRefreshAt: null,
    ...over,
  };
}

/** The demo account's cloud instance "Northwind ERP", without environments unless given. */
export function cloudInstance(over: Partial<CloudInstance> = {}): CloudInstance {
  return {
    id: 'ci-1',
    name: 'Northwind ERP',
    product: { id: 'p-erp', name: 'ERP' },
    region: 'eu-north',
    version: '2026.3.2',
    status: 'OPERATIONAL',
    url: 'https://northwind-erp.cloud.portico.test',
    slaPercent: 99.7,
    environments: [],
    ...over,
  };
}
