import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TCustomerDetail } from '@washboard/contracts';
import { apiErrorMessage } from '../../api/api-error-message';
import { MachinePicker } from '../../devices/components/MachinePicker';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { useAssign, useLink, useUnlink } from '../hooks/use-customers';

/**
 * A customer's machines (assign one the technician sees, take one away) and the kitchen managers'
 * accounts linked to it, who then see its machines. These need the network: the server checks who
 * sees which machine.
 */
export function CustomerMachines({ customer }: { customer: TCustomerDetail }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const assign = useAssign(customer.id);
  const link = useLink(customer.id);
  const unlink = useUnlink(customer.id);
  const [serial, setSerial] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const failed = (error: unknown) => dialog.show({ kind: 'error', message: apiErrorMessage(error, t, t('errors.generic')) });
  const assigned = new Set(customer.appliances.map((a) => a.serialNumber));

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="customer-machines">
        <Stack gap="sm">
          <Title order={2} size="h4" id="customer-machines">
            {t('mobile.customers.assignedMachines')}
          </Title>
          {customer.appliances.length === 0 && <Text c="dimmed">{t('mobile.customers.noMachines')}</Text>}
          {customer.appliances.map((a) => (
            <Group key={a.serialNumber} justify="space-between" wrap="nowrap" data-testid="assigned-machine">
              <div>
                <Text fw={600}>{a.applianceName ?? a.serialNumber}</Text>
                <Text size="sm" c="dimmed">
                  {a.serialNumber} · {a.modelNumber}
                </Text>
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('mobile.customers.unassign', { name: a.applianceName ?? a.serialNumber })}
                onClick={() => assign.mutate({ serialNumber: a.serialNumber, assign: false }, { onError: failed })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group align="flex-end" wrap="nowrap">
            <MachinePicker
              flex={1}
              label={t('mobile.customers.machine')}
              value={serial}
              onChange={setSerial}
              offers={(a) => !assigned.has(a.serialNumber)}
              nothingFoundMessage={t('mobile.customers.noMachines')}
            />
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              disabled={!serial}
              loading={assign.isPending}
              onClick={() =>
                serial &&
                assign.mutate({ serialNumber: serial, assign: true }, { onSuccess: () => setSerial(null), onError: failed })
              }
            >
              {t('mobile.customers.assign')}
            </Button>
          </Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="customer-accounts">
        <Stack gap="sm">
          <Title order={2} size="h4" id="customer-accounts">
            {t('mobile.customers.linkedAccounts')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('mobile.customers.linkedAccountsHint')}
          </Text>
          {customer.accounts.map((account) => (
            <Group key={account.id} justify="space-between" wrap="nowrap">
              <div>
                <Text fw={600}>
                  {account.firstName} {account.lastName}
                </Text>
                <Text size="sm" c="dimmed">
                  {account.email}
                </Text>
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('mobile.customers.unlink', { email: account.email })}
                onClick={() => unlink.mutate(account.id, { onError: failed })}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Group>
          ))}
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              flex={1}
              type="email"
              label={t('mobile.customers.accountEmail')}
              value={email}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
            <Button
              leftSection={<IconLink size={16} aria-hidden />}
              disabled={!email.trim()}
              loading={link.isPending}
              onClick={() => link.mutate(email.trim(), { onSuccess: () => setEmail(''), onError: failed })}
            >
              {t('mobile.customers.link')}
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
