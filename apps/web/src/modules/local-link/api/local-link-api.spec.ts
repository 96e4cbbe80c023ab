import { describe, expect, it } from 'vitest';
import { carriedRecordsPath, recordsNotStored } from './local-link-api';

describe('the answer to a page of records carried home', () => {
  it('counts the records the server could not store, for that upload only', () => {
    const path = carriedRecordsPath('SN-0001');
    expect(recordsNotStored(path, { received: 48, notStored: [3, 9] })).toBe(2);
    expect(recordsNotStored(path, { received: 50, notStored: [] })).toBe(0);
    // Another request's answer, or one without the list, says nothing of records.
    expect(recordsNotStored('/api/v1/customers/7', { notStored: [1] })).toBe(0);
    expect(recordsNotStored(path, null)).toBe(0);
    expect(recordsNotStored(path, { received: 1 })).toBe(0);
  });
});
