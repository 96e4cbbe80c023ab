import { describe, expect, it } from 'vitest';
import { boardQrText, boardSerialFromQr } from './main-board';

describe('boardSerialFromQr', () => {
  it('reads the serial alone or after WB-BOARD:, with surrounding white space', () => {
    expect(boardSerialFromQr('MB-2026-0042')).toBe('MB-2026-0042');
    expect(boardSerialFromQr('  WB-BOARD:MB-2026-0042\n')).toBe('MB-2026-0042');
    expect(boardSerialFromQr('WB-BOARD: MB_7')).toBe('MB_7');
    expect(boardSerialFromQr(boardQrText('MB-1234'))).toBe('MB-1234');
  });

  it('refuses text that is no board serial', () => {
    for (const text of ['', 'WB-BOARD:', 'https://example.com/x', 'MB 12 34', 'ab', 'WB-BOARD:a/b', 'x'.repeat(41)])
      expect(boardSerialFromQr(text), text).toBeUndefined();
  });
});
