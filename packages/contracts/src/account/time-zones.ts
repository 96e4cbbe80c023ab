/**
 * The time zone an account's weekly report is timed and dated in (docs/notifications.md, "Weekly
 * report"): the one chosen in the profile (while this runtime knows it), else the country's, else
 * Europe/Rome. The scheduler applies the rule in SQL (`WeeklyReportRepository.optedIn`).
 */

/** The time zone of the accounts of each country (ISO 3166-1 alpha-2, as the profile stores it). */
export const COUNTRY_TIME_ZONES: Readonly<Record<string, string>> = {
  IT: 'Europe/Rome',
  SM: 'Europe/Rome',
  VA: 'Europe/Rome',
  FR: 'Europe/Paris',
  MC: 'Europe/Monaco',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  LI: 'Europe/Vaduz',
  ES: 'Europe/Madrid',
  AD: 'Europe/Andorra',
  PT: 'Europe/Lisbon',
  BE: 'Europe/Brussels',
  NL: 'Europe/Amsterdam',
  LU: 'Europe/Luxembourg',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
};

/** The zone of an account with no country, or one not in the list (the brands' home). */
export const DEFAULT_TIME_ZONE = 'Europe/Rome';

/** The zone of `country`'s accounts. */
export function countryTimeZone(country: string | null): string {
  return COUNTRY_TIME_ZONES[(country ?? '').toUpperCase()] ?? DEFAULT_TIME_ZONE;
}
