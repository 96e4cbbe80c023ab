import { useState, type FormEvent } from 'react';
import { Alert, Checkbox, Modal, NativeSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  ADMIN_PROFILES,
  COMPANY_CODE_LENGTH,
  hasAdminProfile,
  ROLES,
  type TAdminProfile,
  type TAdminUser,
  type TRole,
  type TUserData,
} from '@washboard/contracts';
import { DIALOG_WIDTH } from '../../../ui/dialog/dialog-context';
import { FormModalActions } from '../../../ui/dialog/FormModalActions';
import { notify } from '../../../ui/notify';
import { apiErrorMessage } from '../../api/api-error-message';
import { useCompanyList, useUserChange, type TUserChange } from '../hooks/use-accounts';

export type TUserEdit = 'role' | 'company' | 'profiles';

const needsCompany = (role: TRole) => role === 'SERVICE' || role === 'SERVICE_MANAGER';
const COMPANY_CODE = new RegExp(`^\\d{${COMPANY_CODE_LENGTH}}$`);

const TITLES = {
  role: 'admin.users.changeRole',
  company: 'admin.users.changeCompany',
  profiles: 'admin.users.editAdminProfiles',
} as const;
const SUCCESS = {
  role: 'success.roleUpdated',
  company: 'success.companyUpdated',
  profiles: 'success.adminProfilesUpdated',
} as const;

/** Change role (with a company where the role needs one), change company, or edit administration profiles. */
export function UserEditModal({
  edit,
  user,
  caller,
  onClose,
}: {
  edit: TUserEdit;
  user: TAdminUser;
  caller: TUserData;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const change = useUserChange();
  const [role, setRole] = useState<TRole>(user.role);
  const [companyCode, setCompanyCode] = useState(user.companyCode ?? '');
  const [profiles, setProfiles] = useState<TAdminProfile[]>(user.administrationProfile);
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const code = companyCode.trim();
    const wantsCompany = edit === 'company' || (edit === 'role' && needsCompany(role));
    if (wantsCompany && !code) return setError(t('admin.users.companyRequired'));
    if (wantsCompany && !COMPANY_CODE.test(code)) return setError(t('validation.numbersOnly'));
    setError(null);
    const request: TUserChange =
      edit === 'role'
        ? { kind: 'role', id: user.id, role, companyCode: code && code !== user.companyCode ? code : undefined }
        : edit === 'company'
          ? { kind: 'company', id: user.id, companyCode: code }
          : { kind: 'profiles', id: user.id, profiles };
    change.mutate(request, {
      onSuccess: () => {
        notify({ color: 'teal', message: t(SUCCESS[edit]) });
        onClose();
      },
      onError: (e) => setFailure(apiErrorMessage(e, t, t('errors.tryAgainLater'))),
    });
  };

  // Only an admin makes admins; an ACCOUNTS holder grants only the profiles it holds.
  const roles = ROLES.filter((r) => r !== 'ADMIN' || caller.role === 'ADMIN' || user.role === 'ADMIN');
  const mayGrant = (p: TAdminProfile) => caller.role === 'ADMIN' || caller.administrationProfile.includes(p);

  return (
    <Modal opened onClose={onClose} size={DIALOG_WIDTH} centered title={t(TITLES[edit])}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
          {failure && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              {failure}
            </Alert>
          )}
          {edit === 'role' && (
            <NativeSelect
              label={t('admin.users.newRole')}
              value={role}
              onChange={(e) => setRole(roles.find((r) => r === e.currentTarget.value) ?? role)}
              data={roles.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              data-autofocus
            />
          )}
          {(edit === 'company' || (edit === 'role' && needsCompany(role))) && (
            <CompanyPicker
              caller={caller}
              value={companyCode}
              onChange={(code) => {
                setCompanyCode(code);
                setError(null);
              }}
              error={error}
            />
          )}
          {edit === 'profiles' && (
            <Checkbox.Group
              label={t('admin.users.adminProfiles')}
              description={caller.role === 'ADMIN' ? undefined : t('admin.users.profilesHint')}
              value={profiles}
              onChange={(next) => setProfiles(ADMIN_PROFILES.filter((p) => next.includes(p)))}
            >
              <Stack gap="xs" mt="xs">
                {ADMIN_PROFILES.map((p) => (
                  <Checkbox key={p} value={p} label={t(`adminProfiles.${p}`)} disabled={!mayGrant(p)} />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
          <FormModalActions onCancel={onClose} submitLabel={t('common.save')} loading={change.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The company to put the account in: a searchable list for a caller who may read the companies
 * (ADMIN or COMPANIES), else the six-digit company code typed in, as service technicians do.
 */
function CompanyPicker({
  caller,
  value,
  onChange,
  error,
}: {
  caller: TUserData;
  value: string;
  onChange: (code: string) => void;
  error: string | null;
}) {
  const { t } = useTranslation();
  const listed = hasAdminProfile(caller, 'COMPANIES');
  const companies = useCompanyList(listed);
  if (!listed)
    return (
      <TextInput
        label={t('admin.users.companyCode')}
        inputMode="numeric"
        maxLength={COMPANY_CODE_LENGTH}
        value={value}
        error={error}
        onChange={(e) => onChange(e.currentTarget.value.replace(/\D/g, ''))}
        required
      />
    );
  return (
    <Select
      label={t('admin.users.company')}
      searchable
      limit={50}
      nothingFoundMessage={t('common.noResults')}
      data={(companies.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` }))}
      value={value || null}
      onChange={(code) => onChange(code ?? '')}
      error={error}
      required
      comboboxProps={{ withinPortal: true }}
    />
  );
}
