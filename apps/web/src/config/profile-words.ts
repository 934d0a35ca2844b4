/**
 * The profile page's fixed words, which the page renders (features/profile: ProfilePage,
 * ProfileCard, BookingsPanel) and the page shell paints before any script has run
 * (profile-shell.ts). One source, so the shell can never say something the page does not.
 */
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
