import { describe, expect, it } from 'vitest';
import {
  atMostCharacters,
  cannotChangeBooking,
  containsInappropriateContent,
  invalidTimeSlotFor,
  MESSAGES,
  priceAtLeast,
  timeSlotsOverlapOn,
} from './messages';

// The spec's messages, copied letter for letter from product-spec.md §5 and §8 and api-contract.md.
const SPEC_MESSAGES = [
  // §5 Login
  'Invalid email',
  'Required',
  'Minimum 8 characters',
  // §5 Sign-up
  'Only letters allowed (no spaces or special characters)',
  'Enter a valid UK mobile',
  'Enter a valid IE mobile',
  'Select UK or IE country code',
  'Future date?',
  'Must be over 12 years old',
  'Address Line 1 is required',
  'Postcode is required',
  'Please enter a valid UK postcode',
  'Town is required',
  'You must accept the privacy policy and terms of service',
  'Password must contain at least one uppercase letter, one lowercase letter, one number, and one special character',
  'Passwords must match',
  // §5 Codes and reset
  'Please check your confirmation code',
  'Confirmation code is required',
  // §5 Customer profile form
  'First name is required',
  'First name must be at least 2 characters',
  'First name must contain only letters',
  'Last name is required',
  'Last name must be at least 2 characters',
  'Last name must contain only letters',
  'Email is required',
  'Please enter a valid email address',
  'Phone number is required',
  'Phone must be in format +countrycode followed by 7-15 digits (e.g., +447123456789)',
  'Address line 1 is required',
  'City/Town is required',
  'Must be a valid Northern Irish postcode (e.g., BT1 1AA)',
  // §5 Invite wizard
  'Passwords do not match',
  'Please confirm your password',
  'Please enter a valid phone number (e.g., +44 7123 456789)',
  'Address is required',
  'Address must be at least 10 characters long',
  'Address must be less than 200 characters',
  'Address must not exceed 4 lines',
  'Address must include a Northern Irish postcode (e.g., BT4 3HW)',
  'Invalid Northern Irish postcode format. Must be in format BT## #AA (e.g., BT4 3HW)',
  'Date of birth is required',
  'Date of birth cannot be in the future',
  'Must be at least 16 years old',
  'Business name is required',
  'Please set at least one day of availability',
  'Minimum price must be at least £1',
  'Minimum price cannot exceed £1000',
  // §5 Availability (admin), prices and other rules
  'No time slots',
  'Please set at least one time slot before saving',
  'Invalid time slot',
  'Maximum counter offer is £300',
  'Please enter an email address',
  // §2 invite page
  'Verifying invitation...',
  'Invalid Invitation',
  'This invitation has expired. Please contact an administrator for a new invitation.',
  'This invitation link is invalid or has already been used.',
  'Account Verification Required',
  'Stay on Page',
  'Leave Without Verifying',
  'Unknown Business',
  'No businesses found.',
  // §8 Auth
  'UserNotConfirmed',
  'Login failed',
  'Signup failed',
  'Confirmation failed',
  'Send code failed',
  'Reset failed',
  // §8 Invite flow
  'Validation Error',
  'Please complete all required fields before submitting.',
  'Registration Failed',
  'Failed to register',
  'Registration Successful',
  'Please check your email for a confirmation code.',
  'Failed to confirm account',
  'Account Confirmed!',
  'Code Resent',
  'Please check your email for the new confirmation code.',
  'Resend Failed',
  'Failed to resend code',
  // §8 Data and actions
  'Failed to load availability',
  'Failed to load businesses',
  'Failed to load data',
  'Failed to load profile data. Please try again.',
  'Failed to load your address information',
  'Failed to update profile',
  'Failed to update availability',
  'Failed to update minimum price',
  'Failed to update home visit setting',
  'Failed to update booking',
  'Failed to update home visit setting. Please try again.',
  'Failed to save availability',
  'Failed to save away dates',
  'Failed to save minimum price',
  'Authentication required',
  'You must be logged in to book',
  'Booking failed',
  'Booking failed.',
  'Failed to confirm booking. Please try again.',
  'Address required',
  'Address is required for home visit bookings.',
  'Home visit cancelled',
  'Invitation Failed',
  'Failed to invite',
  'Cannot delete account: You have active bookings. Please cancel or complete them first.',
  'Deletion failed',
  'Failed to add to calendar. Please try again.',
  // §8 Success toasts
  'Away dates added',
  'Invitation Sent',
  'Account deleted',
  'Minimum price updated successfully!',
  // api-contract §2
  'Incorrect username or password.',
  // api-contract §8.1
  'Enter a whole number of pounds',
];

describe('MESSAGES', () => {
  const values: string[] = Object.values(MESSAGES);

  it.each(SPEC_MESSAGES)('holds the spec text %j exactly once', (text) => {
    expect(values.filter((value) => value === text)).toHaveLength(1);
  });

  it('holds no message twice', () => {
    expect(new Set(values).size).toBe(values.length);
  });

  it("splits the spec's 'Title: message' toasts into title and message", () => {
    expect(`${MESSAGES.validationErrorTitle}: ${MESSAGES.completeRequiredFields}`).toBe(
      'Validation Error: Please complete all required fields before submitting.',
    );
    expect(`${MESSAGES.registrationSuccessful}: ${MESSAGES.checkEmailForCode}`).toBe(
      'Registration Successful: Please check your email for a confirmation code.',
    );
    expect(`${MESSAGES.authenticationRequired} / ${MESSAGES.mustBeLoggedInToBook}`).toBe(
      'Authentication required / You must be logged in to book',
    );
    expect(`${MESSAGES.addressRequiredTitle} / ${MESSAGES.homeVisitAddressRequired}`).toBe(
      'Address required / Address is required for home visit bookings.',
    );
  });
});

describe('message builders', () => {
  it('fill in their values', () => {
    expect(invalidTimeSlotFor('Monday')).toBe(
      'Invalid time slot for Monday: Start time must be before end time',
    );
    expect(timeSlotsOverlapOn('Friday')).toBe('Time slots overlap on Friday');
    expect(priceAtLeast(25)).toBe('Price must be at least £25');
    expect(containsInappropriateContent('Address line 1')).toBe(
      'Address line 1 contains inappropriate content',
    );
    expect(cannotChangeBooking('Approved', 'Denied')).toBe('Cannot change booking from Approved to Denied');
    expect(atMostCharacters(50)).toBe('Must be at most 50 characters');
  });
});
