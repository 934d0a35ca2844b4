/** The profile page's fixed words, shared by its components and their tests. */
export const PROFILE_WORDS = {
  tabs: { profile: 'Profile & Bookings', settings: 'Settings' },
  /** The card's title when the customer has no name on record. */
  untitled: 'Your profile',
  rows: {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'Email',
    phone: 'Phone',
    address: 'Address',
  },
  noPhone: 'Not set',
  noAddress: 'No address yet. Add one to book home visits.',
  edit: 'Edit Profile',
  bookings: 'My Bookings',
} as const;
