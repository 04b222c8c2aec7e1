import { demoUsers } from '../src/seed/users.js';

/** The e-mails the tests sign in with: the seed's demo users (one place, not one per file). */
export const ANNA: string = demoUsers.anna.email;
export const PAUL: string = demoUsers.paul.email;
export const ERIK: string = demoUsers.erik.email;
export const NINA: string = demoUsers.nina.email;
