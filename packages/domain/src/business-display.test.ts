import { describe, expect, it } from 'vitest';
import {
  addressOnOneLine,
  businessDisplayName,
  businessPersonName,
  cancellationNoticeText,
  initialsOf,
  tooLateToCancelOnlineText,
} from './business-display';

describe('how a business is shown', () => {
  it('makes initials for the avatar', () => {
    expect(initialsOf('aoife', 'Byrne')).toBe('AB');
    expect(initialsOf('', null)).toBe('?');
  });

  it('names the person, else the business, else "Unknown Business"', () => {
    expect(businessPersonName({ FirstName: 'Ciaran', LastName: 'Kelly', BusinessName: "Kelly's" })).toBe(
      'Ciaran Kelly',
    );
    expect(businessPersonName({ FirstName: ' ', LastName: '', BusinessName: "Kelly's" })).toBe("Kelly's");
    expect(businessDisplayName({ BusinessName: '  ' })).toBe('Unknown Business');
  });

  it('puts an address on one line', () => {
    expect(addressOnOneLine('2 High Street,\n Belfast ,, BT1 2AB')).toBe('2 High Street, Belfast, BT1 2AB');
  });

  it('says the cancellation notice in hours', () => {
    expect(cancellationNoticeText("Kelly's Cuts", 1)).toBe(
      "Kelly's Cuts asks for 1 hour's notice to cancel.",
    );
    expect(cancellationNoticeText("Kelly's Cuts", 24)).toBe(
      "Kelly's Cuts asks for 24 hours' notice to cancel.",
    );
  });

  it('says, inside the notice, that it is too late to cancel online and what is left', () => {
    expect(tooLateToCancelOnlineText("Kelly's Cuts", 1)).toBe(
      "Too late to cancel online: Kelly's Cuts asks for 1 hour's notice. Send them a message instead.",
    );
  });
});
