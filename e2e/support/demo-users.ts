/** The demo accounts the seed creates (issue 2 §3); all share one password. */
export const demoPassword = 'portico-demo';

export interface DemoUser {
  readonly email: string;
  readonly role: 'customer' | 'partner' | 'employee';
  readonly permissions: readonly string[];
}

export const demoUsers: readonly DemoUser[] = [
  {
    email: 'anna.customer@portico.test',
    role: 'customer',
    permissions: ['NEWS', 'SUPPORT', 'SUPPORT_SERVICE_NOW', 'USERMANAGEMENT', 'DOCEBO', 'INVOICES'],
  },
  {
    email: 'paul.partner@portico.test',
    role: 'partner',
    permissions: ['PARTNER', 'NEWS', 'SALES', 'DOCEBO_PARTNER', 'INVOICES'],
  },
  {
    email: 'erik.employee@portico.test',
    role: 'employee',
    permissions: ['NEWS', 'SUPPORT', 'USERMANAGEMENT', 'SUPPORT_SERVICE_NOW', 'SALES'],
  },
  {
    email: 'nina.basic@portico.test',
    role: 'customer',
    permissions: ['NEWS'],
  },
];

/** The first demo user, for tests that need any signed-in person. */
export const anyDemoUser: DemoUser = demoUsers[0]!;

/** The demo accounts' e-mail addresses, by first name, for the tests. */
export const anna = 'anna.customer@portico.test';
export const paul = 'paul.partner@portico.test';
export const erik = 'erik.employee@portico.test';
export const nina = 'nina.basic@portico.test';
