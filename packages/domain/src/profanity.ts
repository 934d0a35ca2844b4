import { Profanity } from '@2toad/profanity';
import { containsInappropriateContent } from './messages';

// NOTE: our own instance (not the library's shared default) so no other code can change its list.
// Whole-word and case-insensitive: "Scunthorpe Road" and "Middlesex" pass, "Shit Road" does not.
// Unicode-aware word boundaries so accented street names (e.g. "Bóthar") split where a person would.
const filter = new Profanity({ languages: ['en'], wholeWord: true, unicodeWordBoundaries: true });

/**
 * Real British and Irish place and street names that the word list flags (api-contract §8.1: no
 * real address is refused). Each is allowed as a whole phrase only, so "Butt Lane" passes while
 * "Butt" or "Shit Road" alone is still refused. Scunthorpe is whole-word safe already; it stays
 * listed as the classic case.
 */
export const REAL_PLACE_NAMES = [
  'Balls Cross', // village, West Sussex
  'Balls Park', // Hertford
  'Butt Lane', // village, Staffordshire; and streets across England
  'Butt Road', // Colchester
  'Butthole Lane', // Shepshed, Leicestershire
  'Butts Green', // hamlets in Essex and Hampshire
  'Butts Lane',
  'Butts Road',
  'The Butts', // Alton, Brentford, Frome, Warwick
  'Cock Bridge', // Corgarff, Aberdeenshire
  'Cock Clarks', // village, Essex
  'Cock Lane', // Smithfield, City of London
  'Cock Marsh', // Cookham, Berkshire
  'Cocks', // village, Cornwall
  'Three Cocks', // village, Powys
  'Tickle Cock Bridge', // Castleford, West Yorkshire
  'Cumming Street', // Pentonville, London
  "Devil's Dyke", // South Downs, Sussex
  'Dyke Road', // Brighton
  "Offa's Dyke", // the Welsh border
  'Dick Place', // the Grange, Edinburgh
  'Fanny Hands Lane', // Ludford, Lincolnshire
  'Muff', // village, County Donegal
  'Nob End', // Bolton
  'Sandy Balls', // Godshill, Hampshire
  'Scunthorpe',
] as const;

const LETTER_OR_DIGIT = String.raw`[\p{L}\p{M}\p{N}_]`;
/** One pattern for the whole allow-list: each name as whole words, any case, any run of spaces, either apostrophe. */
const REAL_PLACE_PATTERN = new RegExp(
  `(?<!${LETTER_OR_DIGIT})(?:${REAL_PLACE_NAMES.map((name) =>
    name
      .split(/\s+/)
      .map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/'/g, "['’]"))
      .join(String.raw`\s+`),
  ).join('|')})(?!${LETTER_OR_DIGIT})`,
  'giu',
);

/** True when the text contains a word from the maintained English profanity list (real place names aside). */
export function containsProfanity(text: string): boolean {
  if (text.trim() === '') return false;
  return filter.exists(text.replace(REAL_PLACE_PATTERN, ' '));
}

/** '{field} contains inappropriate content' when the value is profane, otherwise null. */
export function inappropriateContentError(value: string, field: string): string | null {
  return containsProfanity(value) ? containsInappropriateContent(field) : null;
}
