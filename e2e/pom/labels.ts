/** A field's label, with or without Mantine's required asterisk (" *", hidden from screen readers). */
export function fieldLabel(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\*)?$`);
}
