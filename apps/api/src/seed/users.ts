import type { Permission, SubscriptionLevel } from '@portico/contracts';
import type { Queryable } from '../db/db.js';
import { demoAccounts } from './accounts.js';
import type { DemoProductId } from './products.js';

export const DEMO_PASSWORD = 'portico-demo';

interface DemoUser {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  accountId: string;
  subscriptionLevel: SubscriptionLevel | null;
  unit4Employee: boolean;
  permissions: readonly Permission[];
  products: readonly DemoProductId[];
}

// The four demo accounts of issue 2 §3; ids are fixed so tokens and tests can name them.
export const demoUsers = {
  anna: {
    id: 'u-anna',
    email: 'anna.customer@portico.test',
    firstName: 'Anna',
    lastName: 'Lindqvist',
    accountId: demoAccounts.northwind.id,
    subscriptionLevel: 'ADVANCED',
    unit4Employee: false,
    permissions: ['NEWS', 'SUPPORT', 'SUPPORT_SERVICE_NOW', 'USERMANAGEMENT', 'DOCEBO', 'INVOICES'],
    products: ['p-erp', 'p-financials', 'p-fpa'],
  },
  paul: {
    id: 'u-paul',
    email: 'paul.partner@portico.test',
    firstName: 'Paul',
    lastName: 'Okafor',
    accountId: demoAccounts.meridian.id,
    subscriptionLevel: 'PARTNER',
    unit4Employee: false,
    permissions: ['PARTNER', 'NEWS', 'SALES', 'DOCEBO_PARTNER', 'INVOICES'],
    products: ['p-erpx', 'p-te', 'p-talent-management'],
  },
  erik: {
    id: 'u-erik',
    email: 'erik.employee@portico.test',
    firstName: 'Erik',
    lastName: 'Hansen',
    accountId: demoAccounts.portico.id,
    subscriptionLevel: null,
    unit4Employee: true,
    permissions: ['NEWS', 'SUPPORT', 'USERMANAGEMENT', 'SUPPORT_SERVICE_NOW', 'SALES'],
    products: [],
  },
  nina: {
    id: 'u-nina',
    email: 'nina.basic@portico.test',
    firstName: 'Nina',
    lastName: 'Kowalski',
    accountId: demoAccounts.brightwater.id,
    subscriptionLevel: 'PROFESSIONAL',
    unit4Employee: false,
    permissions: ['NEWS'],
    products: [],
  },
} as const satisfies Record<string, DemoUser>;

export const demoUserIds: readonly string[] = Object.values(demoUsers).map((u) => u.id);

/** passwordHash: one hash of DEMO_PASSWORD shared by all four (hashing is slow on purpose). */
export async function seedUsers(tx: Queryable, passwordHash: string): Promise<void> {
  for (const u of Object.values(demoUsers) as DemoUser[]) {
    await tx.query(
      `insert into users (id, email, password_hash, first_name, last_name, language,
                          subscription_level, unit4_employee, permissions, account_id)
       values ($1, $2, $3, $4, $5, 'en', $6, $7, $8, $9)`,
      [
        u.id,
        u.email,
        passwordHash,
        u.firstName,
        u.lastName,
        u.subscriptionLevel,
        u.unit4Employee,
        [...u.permissions],
        u.accountId,
      ],
    );
    for (const productId of u.products) {
      await tx.query('insert into user_products (user_id, product_id) values ($1, $2)', [
        u.id,
        productId,
      ]);
    }
  }
}
