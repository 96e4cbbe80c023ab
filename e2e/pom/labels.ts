/** A field's label, with or without Mantine's required asterisk (" *", hidden from screen readers). */
export function fieldLabel(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}

/**
 * A catalogue text with its values put in, as i18next puts them: `{{name, number}}` in the digits
 * and grouping of `lang`.
 */
export function interpolate(text: string, values: Record<string, string | number>, lang = 'it'): string {
  return text.replace(/\{\{\s*(\w+)\s*(?:,\s*(\w+)\s*)?\}\}/g, (match, name: string, format?: string) => {
    const value = values[name];
    if (value === undefined) return match;
    return format === 'number' && typeof value === 'number' ? new Intl.NumberFormat(lang).format(value) : String(value);
  });
}
