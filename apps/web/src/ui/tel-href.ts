/** A `tel:` link of a phone number as people write it ("+39 045 123 4567" → "tel:+390451234567"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}
