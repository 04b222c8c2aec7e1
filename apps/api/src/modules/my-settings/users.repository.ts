import { rowBy, rowsBy } from '../../db/db.js';

export interface UserProfileRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  language: string;
  subscription_level: string | null;
  unit4_employee: boolean;
  permissions: string[];
  enterprise_customer_id: string | null;
  company_name: string;
  dynamics_customer_id: string | null;
  time_zone: string;
}

export interface ConnectedProductRow {
  content_id: string;
  product_name: string;
  slug: string;
}

export const findUserProfile = rowBy<UserProfileRow>(
  `select u.id, u.email, u.first_name, u.last_name, u.language, u.subscription_level,
          u.unit4_employee, u.permissions,
          a.enterprise_customer_id, a.name as company_name, a.dynamics_customer_id, u.time_zone
     from users u
     join accounts a on a.id = u.account_id
    where u.id = $1`,
);

export const findConnectedProducts = rowsBy<ConnectedProductRow>(
  `select p.content_id, p.product_name, p.slug
     from user_products up
     join products p on p.id = up.product_id
    where up.user_id = $1
    order by p.slug collate "C"`,
);

export interface OwnSettingsRow {
  email: string;
  account_name: string;
  first_name: string;
  last_name: string;
  phone: string;
  mobile: string;
  language: string;
  time_zone: string;
  version: number;
}

/** What My settings shows of the caller (§2): editable fields, e-mail and account. */
export const findOwnSettings = rowBy<OwnSettingsRow>(
  `select u.email, a.name as account_name, u.first_name, u.last_name, u.phone, u.mobile,
          u.language, u.time_zone, u.version
     from users u join accounts a on a.id = u.account_id where u.id = $1`,
);
