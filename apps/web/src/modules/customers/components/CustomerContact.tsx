import { Button, Group } from '@mantine/core';
import { IconMail, IconPhone } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCustomerDetail } from '@washboard/contracts';
import { telHref } from '../../../ui/tel-href';
import { useMailAppCheck } from '../../../ui/use-mail-app-check';

/**
 * Calling or e-mailing the customer from their record, as saved: the phone's dialler and mail app
 * through `tel:` and `mailto:`, each offered when the customer has that contact. A phone without a
 * mail app says so.
 */
export function CustomerContact({ customer }: { customer: Pick<TCustomerDetail, 'phone' | 'email'> }) {
  const { t } = useTranslation();
  const checkMailApp = useMailAppCheck();
  if (!customer.phone && !customer.email) return null;
  return (
    <Group gap="xs">
      {customer.phone && (
        <Button component="a" href={telHref(customer.phone)} variant="light" leftSection={<IconPhone size={16} aria-hidden />}>
          {t('mobile.customers.call')}
        </Button>
      )}
      {customer.email && (
        <Button
          component="a"
          href={`mailto:${customer.email}`}
          variant="light"
          leftSection={<IconMail size={16} aria-hidden />}
          onClick={checkMailApp}
        >
          {t('mobile.customers.sendEmail')}
        </Button>
      )}
    </Group>
  );
}
