import type { Role } from '@accountry/shared/roles';

/** Demo sign-ins, printed at start-up. Known passwords are for demo data only. */
export const DEMO_USERS: Array<{
  key: string;
  email: string;
  password: string;
  displayName: string;
  role: Role;
  phoneNumber: string;
}> = [
  {
    key: 'admin',
    email: 'admin@accountry.test',
    password: 'Admin#2026demo',
    displayName: 'Ada Admin',
    role: 'admin',
    phoneNumber: '+1 555 0100',
  },
  {
    key: 'seller',
    email: 'seller@accountry.test',
    password: 'Seller#2026demo',
    displayName: 'Sam Seller',
    role: 'seller',
    phoneNumber: '+1 555 0101',
  },
  {
    key: 'seller2',
    email: 'nova@accountry.test',
    password: 'Seller#2026demo',
    displayName: 'Nova Trades',
    role: 'seller',
    phoneNumber: '+44 20 7946 0102',
  },
  {
    key: 'buyer',
    email: 'buyer@accountry.test',
    password: 'Buyer#2026demo',
    displayName: 'Bea Buyer',
    role: 'buyer',
    phoneNumber: '+1 555 0103',
  },
  {
    key: 'buyer2',
    email: 'kai@accountry.test',
    password: 'Buyer#2026demo',
    displayName: 'Kai Player',
    role: 'buyer',
    phoneNumber: '',
  },
  {
    key: 'both',
    email: 'both@accountry.test',
    password: 'Both#2026demo',
    displayName: 'Bo Both',
    role: 'both',
    phoneNumber: '+49 30 901820',
  },
];
