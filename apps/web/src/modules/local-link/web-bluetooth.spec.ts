import { describe, expect, it } from 'vitest';
import { bluetoothProblem } from './web-bluetooth';

const thrown = (name: string, message: string) => new DOMException(message, name);

describe('what a Web Bluetooth failure means for the user', () => {
  it("reads Chromium's NotFoundError messages: no adapter, Bluetooth refused, chooser closed", () => {
    expect(bluetoothProblem(thrown('NotFoundError', 'Bluetooth adapter not available.'))).toBe('noAdapter');
    expect(bluetoothProblem(thrown('NotFoundError', 'User or their enterprise policy has disabled Web Bluetooth.'))).toBe(
      'refused',
    );
    expect(bluetoothProblem(thrown('NotFoundError', 'Web Bluetooth API globally disabled.'))).toBe('refused');
    expect(bluetoothProblem(thrown('NotFoundError', 'User denied the browser permission to scan for Bluetooth devices.'))).toBe(
      'refused',
    );
    expect(bluetoothProblem(thrown('NotFoundError', 'User cancelled the requestDevice() chooser.'))).toBe('cancelled');
  });

  it('takes a refused permission, a missing API and a failed connection for what they are', () => {
    expect(bluetoothProblem(thrown('SecurityError', 'Must be handling a user gesture to show a permission request.'))).toBe(
      'refused',
    );
    expect(bluetoothProblem(thrown('NotAllowedError', 'Permission denied.'))).toBe('refused');
    expect(bluetoothProblem(thrown('NotSupportedError', 'Web Bluetooth is not available'))).toBe('unsupported');
    expect(bluetoothProblem(thrown('NetworkError', 'Connection failed for unknown reason.'))).toBe('unreachable');
    expect(bluetoothProblem(new Error('anything else'))).toBe('unreachable');
  });
});
