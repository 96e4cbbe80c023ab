import { useState } from 'react';
import { Button, Group, NativeSelect, Paper, ScrollArea, Table, VisuallyHidden } from '@mantine/core';
import { notify } from '../../../ui/notify';
import { formatDate, type TPendingUser } from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { currentLanguage } from '../../i18n/i18n';
import type { TServiceRole } from '../api/account-api';
import { useDecidePendingUser } from '../hooks/use-pending-users';
import { browserTimeZone } from '../../../ui/browser-time-zone';

const SERVICE_ROLES: readonly TServiceRole[] = ['SERVICE', 'SERVICE_MANAGER'];

function requestedRole(user: TPendingUser): TServiceRole {
  return user.role === 'SERVICE_MANAGER' ? 'SERVICE_MANAGER' : 'SERVICE';
}

/** Pending users with a role to assign, Accept and Reject (each confirmed in the shared dialog). */
export function PendingUsersTable({ users }: { users: TPendingUser[] }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const decide = useDecidePendingUser();
  const [roles, setRoles] = useState<Record<string, TServiceRole>>({});
  const roleOf = (user: TPendingUser) => roles[user.id] ?? requestedRole(user);

  const accept = (user: TPendingUser) => {
    const role = roleOf(user);
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      message: t('pendingUsers.confirmAccept', { email: user.email, role: t(`roles.${role}`) }),
      confirmLabel: t('pendingUsers.accept'),
      onConfirm: () =>
        decide.mutate(
          { id: user.id, accepted: true, role },
          {
            onSuccess: () => notify({ color: 'teal', message: t('success.userAccepted') }),
            onError: (error) => notify({ color: 'red', message: error.message || t('errors.authorizationGeneric') }),
          },
        ),
    });
  };

  const reject = (user: TPendingUser) => {
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      message: t('pendingUsers.confirmReject', { email: user.email }),
      confirmLabel: t('pendingUsers.reject'),
      onConfirm: () =>
        decide.mutate(
          { id: user.id, accepted: false },
          {
            onSuccess: () => notify({ color: 'teal', message: t('success.userDeleted') }),
            onError: (error) => notify({ color: 'red', message: error.message || t('errors.authorizationGeneric') }),
          },
        ),
    });
  };

  const lang = currentLanguage();
  return (
    <Paper withBorder radius="md">
      <ScrollArea type="auto">
        <Table striped highlightOnHover verticalSpacing="sm" miw={900}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('pendingUsers.columns.email')}</Table.Th>
              <Table.Th>{t('pendingUsers.columns.firstName')}</Table.Th>
              <Table.Th>{t('pendingUsers.columns.lastName')}</Table.Th>
              <Table.Th>{t('pendingUsers.columns.company')}</Table.Th>
              <Table.Th>{t('pendingUsers.columns.role')}</Table.Th>
              <Table.Th>{t('pendingUsers.columns.requestDate')}</Table.Th>
              <Table.Th>{t('pendingUsers.assignRole')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('common.actions')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => (
              <Table.Tr key={user.id} data-testid="pending-user">
                <Table.Td>{user.email}</Table.Td>
                <Table.Td>{user.firstName}</Table.Td>
                <Table.Td>{user.lastName}</Table.Td>
                <Table.Td>{user.companyName ?? user.companyCode ?? ''}</Table.Td>
                <Table.Td>{t(`roles.${user.role}`)}</Table.Td>
                <Table.Td>{formatDate(user.createdAt, 'short', lang, browserTimeZone())}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={t('pendingUsers.assignRole')}
                    value={roleOf(user)}
                    onChange={(e) => {
                      const role = e.currentTarget.value === 'SERVICE_MANAGER' ? 'SERVICE_MANAGER' : 'SERVICE';
                      setRoles((r) => ({ ...r, [user.id]: role }));
                    }}
                    data={SERVICE_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
                    size="xs"
                  />
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="xs" onClick={() => accept(user)} disabled={decide.isPending}>
                      {t('pendingUsers.accept')}
                    </Button>
                    <Button size="xs" variant="light" color="red" onClick={() => reject(user)} disabled={decide.isPending}>
                      {t('pendingUsers.reject')}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea>
    </Paper>
  );
}
