import { Profanity } from '@2toad/profanity';
import { containsInappropriateContent } from './messages';

// NOTE: our own instance (not the library's shared default) so no other code can change its list.
// Whole-word and case-insensitive: "Scunthorpe Road" and "Middlesex" pass, "Shit Road" does not.
// Unicode-aware word boundaries so accented street names (e.g. "Bóthar") split where a person would.
const filter = new Profanity({ languages: ['en'], wholeWord: true, unicodeWordBoundaries: true });

/** True when the text contains a word from the maintained English profanity list. */
export function containsProfanity(text: string): boolean {
  return text.trim() !== '' && filter.exists(text);
}

/** '{field} contains inappropriate content' when the value is profane, otherwise null. */
export function inappropriateContentError(value: string, field: string): string | null {
  return containsProfanity(value) ? containsInappropriateContent(field) : null;
}
