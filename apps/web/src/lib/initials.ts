/** Initials for an avatar: 'Aoife Byrne' → 'AB'; '?' when there is no name. */
export function initialsOf(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  const initials = [firstName, lastName].map((name) => name?.trim().charAt(0).toUpperCase() ?? '').join('');
  return initials || '?';
}
