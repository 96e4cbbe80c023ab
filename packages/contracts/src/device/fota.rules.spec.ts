import { describe, expect, it } from 'vitest';
import { firmwareUpdating, staleFota } from './fota.rules';

const report = (perc: number, inProg: boolean, version = '9.0.0') => ({ perc, inProg, version });
/** A report of a machine that does not say which firmware it installs. */
const unversioned = (perc: number, inProg: boolean) => ({ perc, inProg });

describe('staleFota', () => {
  it('takes any report when none is held', () => {
    expect(staleFota(undefined, report(10, true))).toBe(false);
    expect(staleFota(null, report(10, true))).toBe(false);
  });

  it('ignores progress going back within one update', () => {
    expect(staleFota(report(40, true), report(20, true))).toBe(true);
  });

  it('takes progress moving forward, or repeated', () => {
    expect(staleFota(report(40, true), report(60, true))).toBe(false);
    expect(staleFota(report(40, true), report(40, true))).toBe(false);
  });

  it('does not reopen a finished update with a late progress report', () => {
    expect(staleFota(report(100, false), report(95, true))).toBe(true);
  });

  it('lets a failed update (ended short of 100 %) be tried again', () => {
    expect(staleFota(report(30, false), report(5, true))).toBe(false);
  });

  it('takes a report saying the update ended, whatever progress it carries', () => {
    expect(staleFota(report(40, true), report(0, false))).toBe(false);
    expect(staleFota(report(100, false), report(100, false))).toBe(false);
  });

  it('takes the first report of another version, starting over from 0', () => {
    expect(staleFota(report(100, false), report(0, true, '9.1.0'))).toBe(false);
    expect(staleFota(report(80, true), report(10, true, '9.1.0'))).toBe(false);
    expect(staleFota(unversioned(80, true), report(10, true))).toBe(false);
  });

  it('compares reports without a version as one update', () => {
    expect(staleFota(unversioned(80, true), unversioned(10, true))).toBe(true);
  });
});

describe('a firmware update running', () => {
  it('is the last report saying in progress; a finished report or none is not', () => {
    expect(firmwareUpdating(report(40, true))).toBe(true);
    expect(firmwareUpdating(report(0, true))).toBe(true);
    expect(firmwareUpdating(report(100, false))).toBe(false);
    expect(firmwareUpdating(null)).toBe(false);
    expect(firmwareUpdating(undefined)).toBe(false);
  });
});
