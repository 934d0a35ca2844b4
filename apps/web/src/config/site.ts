/**
 * Facts about the operator shown on the legal pages.
 * NOTE: the contact address is a placeholder on the reserved .example domain; set the real one
 * before launch.
 */
export const CONTACT_EMAIL = 'privacy@trimtime-ni.example';
export const LEGAL_LAST_UPDATED = '25 November 2026';
