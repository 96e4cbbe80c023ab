import { useState } from 'react';
import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ZCustomerWrite, type TCustomerWrite } from '@washboard/contracts';

const FIELDS = ['name', 'surname', 'email', 'phone', 'address', 'city', 'zip', 'country', 'website', 'contact'] as const;
type TField = (typeof FIELDS)[number];
type TValues = Record<TField, string>;
/** The catalogue's message for a field the schema refused (others: value not allowed). */
const MESSAGES: Partial<Record<string, 'validation.mandatory' | 'validation.wrongEmail' | 'validation.wrongPhone'>> = {
  name: 'validation.mandatory',
  surname: 'validation.mandatory',
  email: 'validation.wrongEmail',
  phone: 'validation.wrongPhone',
};

type TProps = {
  initial?: Partial<Record<TField, string | null>>;
  saving: boolean;
  onSubmit: (values: TCustomerWrite) => void;
};

/** A customer's fields (device-areas §3), checked with the server's own schema before anything is sent. */
export function CustomerForm({ initial = {}, saving, onSubmit }: TProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<TValues>(
    () => Object.fromEntries(FIELDS.map((field) => [field, initial[field] ?? ''])) as TValues,
  );
  const [errors, setErrors] = useState<Partial<Record<TField, string>>>({});
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZCustomerWrite.safeParse(values);
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((issue) => [issue.path[0], t(MESSAGES[String(issue.path[0])] ?? 'validation.valueNotAllowed')]),
        ),
      );
      return;
    }
    setErrors({});
    onSubmit(values);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(`mobile.customers.${field}`)}
              required={field === 'name' || field === 'surname'}
              type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : field === 'website' ? 'url' : 'text'}
              value={values[field]}
              error={errors[field]}
              onChange={(event) => {
                const text = event.currentTarget.value;
                setValues((current) => ({ ...current, [field]: text }));
              }}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            {t('common.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
