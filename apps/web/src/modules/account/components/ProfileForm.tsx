import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, Checkbox, Group, NativeSelect, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { notify } from '../../../ui/notify';
import { timeZones } from '../../../ui/time-zones';
import { countryTimeZone, NAME_MIN_LENGTH, type TUpdateUserRequest, type TUserProfile } from '@washboard/contracts';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n';
import { toUpdateRequest } from '../api/account-api';
import { useUpdateProfile } from '../hooks/use-profile';

/** The countries of spec §9, as ISO codes (labels in `countries.*`). */
export const PROFILE_COUNTRIES = ['IT', 'FR', 'DE', 'ES', 'GB'] as const;

/** The time zone picker's first choice: no zone of one's own, the country's. */
const FROM_COUNTRY = 'country';

const POSTCODE = /^[A-Za-z0-9 -]*$/;
const PHONE = /^[+0-9 ()/-]*$/;

type TText = 'firstName' | 'lastName' | 'address' | 'city' | 'postalCode' | 'phone' | 'mobile';
type TFlag = 'weeklyReport' | 'thresholdNotifications' | 'alarmNotifications';

function problems(form: TUpdateUserRequest) {
  const text = (v: string | null | undefined) => (v ?? '').trim();
  return {
    firstName: text(form.firstName).length < NAME_MIN_LENGTH,
    lastName: text(form.lastName).length < NAME_MIN_LENGTH,
    postalCode: !POSTCODE.test(text(form.postalCode)),
    phone: !PHONE.test(text(form.phone)),
    mobile: !PHONE.test(text(form.mobile)),
  };
}

/** The profile screen's fields (spec §3); the company is shown, not edited. Saved with updateUser. */
export function ProfileForm({ profile }: { profile: TUserProfile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const [form, setForm] = useState<TUpdateUserRequest>(() => toUpdateRequest(profile));
  const [submitted, setSubmitted] = useState(false);
  const zones = useMemo(() => timeZones(), []);
  const bad = problems(form);
  const invalid = Object.values(bad).some(Boolean);

  const text = (field: TText) => ({
    value: form[field] ?? '',
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = e.currentTarget.value;
      setForm((f) => ({ ...f, [field]: next }));
    },
  });
  const flag = (field: TFlag) => ({
    checked: form[field],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = e.currentTarget.checked;
      setForm((f) => ({ ...f, [field]: next }));
    },
  });
  const show = (field: keyof typeof bad, message: string) => (submitted && bad[field] ? message : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (invalid) {
      notify({ color: 'red', message: t('errors.checkModifiedFields') });
      return;
    }
    const empty = (v: string | null | undefined) => (v && v.trim() !== '' ? v.trim() : null);
    update.mutate(
      {
        ...form,
        firstName: form.firstName.trim(),
        lastName: form.lastName.trim(),
        address: empty(form.address),
        city: empty(form.city),
        postalCode: empty(form.postalCode),
        country: empty(form.country),
        phone: empty(form.phone),
        mobile: empty(form.mobile),
        language: currentLanguage(),
      },
      {
        onSuccess: () => notify({ color: 'teal', message: t('success.profileUpdated') }),
        onError: () => notify({ color: 'red', message: t('errors.profileUpdateFailed') }),
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="profile-personal">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4" id="profile-personal">
            {t('profile.personalData')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
            <TextInput
              label={t('profile.firstName')}
              withAsterisk
              autoComplete="given-name"
              {...text('firstName')}
              error={show('firstName', t('validation.minChars', { count: NAME_MIN_LENGTH }))}
            />
            <TextInput
              label={t('profile.lastName')}
              withAsterisk
              autoComplete="family-name"
              {...text('lastName')}
              error={show('lastName', t('validation.minChars', { count: NAME_MIN_LENGTH }))}
            />
            <TextInput label={t('profile.email')} value={profile.email} readOnly variant="filled" />
            <TextInput label={t('profile.company')} value={profile.companyName ?? ''} readOnly variant="filled" />
            <TextInput label={t('profile.address')} autoComplete="street-address" {...text('address')} />
            <TextInput label={t('profile.city')} autoComplete="address-level2" {...text('city')} />
            <TextInput
              label={t('profile.postcode')}
              autoComplete="postal-code"
              {...text('postalCode')}
              error={show('postalCode', t('validation.wrongPostcode'))}
            />
            <NativeSelect
              label={t('profile.country')}
              value={form.country ?? ''}
              onChange={(e) => {
                const country = e.currentTarget.value || null;
                setForm((f) => ({ ...f, country }));
              }}
              data={[
                { value: '', label: t('common.none') },
                ...PROFILE_COUNTRIES.map((code) => ({ value: code, label: t(`countries.${code}`) })),
              ]}
            />
            <TextInput
              label={t('profile.phone')}
              type="tel"
              autoComplete="tel"
              {...text('phone')}
              error={show('phone', t('validation.wrongPhone'))}
            />
            <TextInput
              label={t('profile.mobile')}
              type="tel"
              autoComplete="tel"
              {...text('mobile')}
              error={show('mobile', t('validation.wrongPhone'))}
            />
          </SimpleGrid>
          <Title order={3} size="h5" mt="xs">
            {t('profile.notificationsTitle')}
          </Title>
          <Stack gap="xs">
            <Checkbox label={t('profile.weeklyReport')} {...flag('weeklyReport')} />
            <Select
              label={t('profile.timeZone')}
              description={t('profile.timeZoneHint')}
              data={[
                { value: FROM_COUNTRY, label: t('profile.timeZoneFromCountry', { zone: countryTimeZone(form.country ?? null) }) },
                ...zones,
              ]}
              value={form.timeZone ?? FROM_COUNTRY}
              searchable
              allowDeselect={false}
              disabled={!form.weeklyReport}
              maw={420}
              ml={30}
              onChange={(value) => {
                const timeZone = !value || value === FROM_COUNTRY ? null : value;
                setForm((f) => ({ ...f, timeZone }));
              }}
            />
            <Checkbox label={t('profile.thresholdNotifications')} {...flag('thresholdNotifications')} />
            <Checkbox label={t('profile.alarmNotifications')} {...flag('alarmNotifications')} />
          </Stack>
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              {t('profile.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
