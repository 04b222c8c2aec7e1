import type { Queryable } from '../db/db.js';

// §3 Account manager / success manager: the vendor's people assigned to customer accounts.
const vendorContacts = [
  {
    id: 'vc-sofia-marquez',
    name: 'Sofia Marquez',
    email: 'sofia.marquez@portico.test',
    phoneNumber: '+31 30 760 4410',
    mobilePhoneNumber: '+31 6 4172 9935',
  },
  {
    id: 'vc-jonas-eriksen',
    name: 'Jonas Eriksen',
    email: 'jonas.eriksen@portico.test',
    phoneNumber: '+47 22 94 18 60',
    mobilePhoneNumber: null,
  },
  {
    // The apostrophe keeps HTML and cookie encoding honest.
    id: 'vc-liam-oconnor',
    name: "Liam O'Connor",
    email: 'liam.oconnor@portico.test',
    phoneNumber: '+44 20 7946 0321',
    mobilePhoneNumber: '+44 7700 900 418',
  },
] as const;

export const demoAccounts = {
  /** anna: a customer with both an account manager and a success manager. */
  northwind: {
    id: 'acc-northwind',
    name: 'Northwind Logistics AS',
    enterpriseCustomerId: 'ECI-100482',
    dynamicsCustomerId: 'DYN-CUST-004821',
    accountManagerId: 'vc-sofia-marquez',
    successManagerId: 'vc-jonas-eriksen',
  },
  /** paul: an implementation partner with an account manager, no success manager. */
  meridian: {
    id: 'acc-meridian',
    name: 'Meridian Consulting Group Ltd',
    enterpriseCustomerId: 'ECI-300157',
    dynamicsCustomerId: 'DYN-PART-000733',
    accountManagerId: 'vc-liam-oconnor',
    successManagerId: null,
  },
  /** erik: the vendor's own account; employees have no managers of their own. */
  portico: {
    id: 'acc-portico',
    name: 'Portico Software B.V.',
    enterpriseCustomerId: null,
    dynamicsCustomerId: 'DYN-INT-000001',
    accountManagerId: null,
    successManagerId: null,
  },
  /** nina: a customer whose account has neither manager (the 204 cases). */
  brightwater: {
    id: 'acc-brightwater',
    name: 'Brightwater Housing Association',
    enterpriseCustomerId: 'ECI-100917',
    dynamicsCustomerId: 'DYN-CUST-009174',
    accountManagerId: null,
    successManagerId: null,
  },
} as const;

export async function seedAccounts(tx: Queryable): Promise<void> {
  for (const c of vendorContacts) {
    await tx.query(
      `insert into vendor_contacts (id, name, email, phone_number, mobile_phone_number)
       values ($1, $2, $3, $4, $5)`,
      [c.id, c.name, c.email, c.phoneNumber, c.mobilePhoneNumber],
    );
  }
  for (const a of Object.values(demoAccounts)) {
    await tx.query(
      `insert into accounts (id, name, enterprise_customer_id, dynamics_customer_id,
                             account_manager_id, success_manager_id)
       values ($1, $2, $3, $4, $5, $6)`,
      [
        a.id,
        a.name,
        a.enterpriseCustomerId,
        a.dynamicsCustomerId,
        a.accountManagerId,
        a.successManagerId,
      ],
    );
  }
}
