import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The foot of a form in a modal: Cancel (closes) and the submit button (`loading` while it runs). */
export function FormModalActions({
  onCancel,
  submitLabel,
  loading,
}: {
  onCancel: () => void;
  submitLabel: string;
  loading: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}
