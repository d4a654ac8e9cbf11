/**
 * Stated in the README. Created only on the embedded default, never with DATABASE_URL. No imports,
 * so the end-to-end tests and scripts can use the same accounts without loading the server.
 */
export const demoAccounts = {
  admin: { name: 'Demo Admin', email: 'admin@voltforge.example', password: 'voltforge-admin' },
  customer: {
    name: 'Demo Customer',
    email: 'customer@voltforge.example',
    password: 'voltforge-customer',
  },
} as const;
