import { describe, expect, it } from 'vitest';
import { keyGroups, recoveryCodesFileName, recoveryCodesText } from './recovery-codes.js';

describe('the authenticator key and the recovery codes, for people', () => {
  it('groups the key in fours (the last group may be shorter)', () => {
    expect(keyGroups('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toEqual([
      'JBSW',
      'Y3DP',
      'EHPK',
      '3PXP',
      'JBSW',
      'Y3DP',
      'EHPK',
      '3PXP',
    ]);
    expect(keyGroups('ABCDEF')).toEqual(['ABCD', 'EF']);
    expect(keyGroups('AB CD\nEF')).toEqual(['ABCD', 'EF']);
    expect(keyGroups('')).toEqual([]);
  });

  it('writes the codes one a line under a title, and names the file after the site', () => {
    expect(recoveryCodesText('Recovery codes for example.com', ['aaaa-bbbb', 'cccc-dddd'])).toBe(
      'Recovery codes for example.com\n\naaaa-bbbb\ncccc-dddd\n',
    );
    expect(recoveryCodesFileName('Example.com')).toBe('recovery-codes-example.com.txt');
    expect(recoveryCodesFileName('127.0.0.1:4873')).toBe('recovery-codes-127.0.0.1-4873.txt');
    expect(recoveryCodesFileName('')).toBe('recovery-codes.txt');
  });
});
