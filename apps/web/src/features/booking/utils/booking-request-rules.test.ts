import { describe, expect, it } from 'vitest';
import { bookingRequestProblem } from './booking-request-rules';

const request = {
  businessId: '2287d791-deac-4018-8875-59e1a85ff758',
  bookingDateTime: '2026-12-05 10:00',
  price: '25',
  isHomeVisit: false,
};

describe('bookingRequestProblem (the server’s rules, checked before sending)', () => {
  it('passes a request the server takes', () => {
    expect(bookingRequestProblem(request)).toBeNull();
  });

  it("names the first problem of one it would refuse, in the server's words", () => {
    const problem = bookingRequestProblem({ ...request, price: '7.50' });
    expect(problem).toBe('Enter a whole number of pounds');
    expect(bookingRequestProblem({ ...request, isHomeVisit: true })).toEqual(expect.any(String));
  });
});
