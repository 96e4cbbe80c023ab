import { describe, expect, it } from 'vitest';
import { quoted } from '../mail/quoted';

describe('what a registrant typed, as the approvers’ mail quotes it', () => {
  it('stays on one line: a name cannot add paragraphs or a message of its own', () => {
    const name = 'Mario\r\n\r\nYour account is locked. Sign in at once:\nhttp://evil.example/login\u2028';
    expect(quoted(name, 40)).toBe('Mario Your account is locked. Sign in a…');
    expect(quoted(name, 40)).not.toMatch(/[\r\n\u2028]/);
  });

  it('keeps an ordinary name as it is, and a long one to its limit', () => {
    expect(quoted('  Anna   Maria ', 40)).toBe('Anna Maria');
    expect(quoted('x'.repeat(100), 60)).toHaveLength(60);
    expect(quoted('Tab\there', 40)).toBe('Tab here');
  });
});
