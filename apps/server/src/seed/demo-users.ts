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

/**
 * Shops that hold most of the demo catalogue. The demo sellers above keep a shop's worth each, well under the
 * per-seller listing quota, so whoever tries the demo as a seller can list an account. Nobody signs in as a shop:
 * its password is random and never printed.
 */
export const CATALOGUE_SELLERS: Array<{ key: string; email: string; displayName: string }> = [
  'Pixel Vault',
  'LevelUp Accounts',
  'Rare Skins Co',
  'North Star Trading',
  'GG Market',
  'Quest Depot',
  'Legendary Loot',
  'Stream Deals',
  'Social Boost',
  'Arcade Exchange',
  'Mythic Accounts',
  'Lucky Drop',
].map((displayName, i) => ({
  key: `shop${i + 1}`,
  email: `${displayName.toLowerCase().replace(/\W+/g, '')}@accountry.test`,
  displayName,
}));
