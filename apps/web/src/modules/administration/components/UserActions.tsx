import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconBuilding, IconDots, IconShieldCheck, IconTrash, IconUserCheck, IconUserCog } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TAdminUser, TUserData } from '@washboard/contracts';
import { useDialog } from '../../../ui/dialog/dialog-context';
import { notify } from '../../../ui/notify';
import { apiErrorMessage } from '../../api/api-error-message';
import { useUserChange } from '../hooks/use-accounts';
import { UserEditModal, type TUserEdit } from './UserEditModal';
import { DANGER_ENTRY } from '../../../ui/danger';

/**
 * A row's actions: change role, company and administration profiles, activate, delete. None on the
 * caller's own account, and none on an admin's for a caller who is not one (the server refuses both).
 */
export function UserActions({ user, caller }: { user: TAdminUser; caller: TUserData | null }) {
  const { t } = useTranslation();
  const dialog = useDialog();
  const change = useUserChange();
  const [editing, setEditing] = useState<TUserEdit | null>(null);
  if (!caller || caller.email.toLowerCase() === user.email.toLowerCase()) return null;
  if (user.role === 'ADMIN' && caller.role !== 'ADMIN') return null;

  const activate = () =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      message: t('admin.users.confirmActivate', { email: user.email }),
      confirmLabel: t('admin.users.activate'),
      onConfirm: () =>
        change.mutate(
          { kind: 'activate', id: user.id },
          {
            onSuccess: () => notify({ color: 'teal', message: t('success.userActivated') }),
            onError: (error) => notify({ color: 'red', message: apiErrorMessage(error, t, t('errors.tryAgainLater')) }),
          },
        ),
    });

  const remove = () =>
    dialog.show({
      kind: 'warning',
      mode: 'confirm',
      message: t('admin.users.confirmDelete'),
      confirmLabel: t('admin.users.delete'),
      onConfirm: () =>
        change.mutate(
          { kind: 'delete', id: user.id },
          {
            onSuccess: () => notify({ color: 'teal', message: t('success.userDeleted') }),
            onError: (error) =>
              dialog.show({
                kind: 'error',
                message: `${t('errors.deleteUserFailed')}\n${apiErrorMessage(error, t, t('errors.tryAgainLater'))}`,
              }),
          },
        ),
    });

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('admin.users.actionsFor', { email: user.email })}>
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconUserCog size={16} aria-hidden />} onClick={() => setEditing('role')}>
            {t('admin.users.changeRole')}
          </Menu.Item>
          <Menu.Item leftSection={<IconBuilding size={16} aria-hidden />} onClick={() => setEditing('company')}>
            {t('admin.users.changeCompany')}
          </Menu.Item>
          <Menu.Item leftSection={<IconShieldCheck size={16} aria-hidden />} onClick={() => setEditing('profiles')}>
            {t('admin.users.editAdminProfiles')}
          </Menu.Item>
          {user.status !== 'ACTIVE' && (
            <Menu.Item leftSection={<IconUserCheck size={16} aria-hidden />} onClick={activate}>
              {t('admin.users.activate')}
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item color={DANGER_ENTRY} leftSection={<IconTrash size={16} aria-hidden />} onClick={remove}>
            {t('admin.users.delete')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {editing && <UserEditModal edit={editing} user={user} caller={caller} onClose={() => setEditing(null)} />}
    </>
  );
}
