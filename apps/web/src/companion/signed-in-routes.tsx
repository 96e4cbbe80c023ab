import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import {
  IconAddressBook,
  IconAdjustments,
  IconAdjustmentsHorizontal,
  IconBell,
  IconChartBar,
  IconClipboardCheck,
  IconCpu,
  IconDeviceMobileCog,
  IconFileText,
  IconInfoCircle,
  IconRemoteControl,
  IconSettings,
  IconTool,
  IconUserCheck,
  IconUserCircle,
  IconWashMachine,
} from '@tabler/icons-react';
import {
  canAuthorize,
  canEditFactoryParameters,
  canManageCustomers,
  canUseLocalLink,
  isServiceRole,
  type TUserData,
} from '@washboard/contracts';
import { RequirePermission } from '../modules/session/guards';
import { StatusPage } from '../pages/StatusPage';
import { page, screen } from './lazy-screen';

const HomeScreen = screen(() => import('./screens/HomeScreen'), 'HomeScreen');
const MachineScreen = screen(() => import('./screens/MachineScreen'), 'MachineScreen');
const MachineSectionScreen = screen(() => import('./screens/MachineSectionScreen'), 'MachineSectionScreen');
const RemoteControlPage = screen(() => import('../pages/RemoteControlPage'), 'RemoteControlPage');
const HaccpPage = screen(() => import('../pages/HaccpPage'), 'HaccpPage');
const HaccpVerificationPage = screen(() => import('../pages/HaccpVerificationPage'), 'HaccpVerificationPage');
const DeviceParametersPage = screen(() => import('../pages/DeviceParametersPage'), 'DeviceParametersPage');
const PendingUsersPage = screen(() => import('../pages/PendingUsersPage'), 'PendingUsersPage');
const ServiceScreen = screen(() => import('./screens/ServiceScreen'), 'ServiceScreen');
const InstallScreen = screen(() => import('./screens/InstallScreen'), 'InstallScreen');
const CommissionScreen = screen(() => import('./screens/NearbyMachineScreen'), 'CommissionScreen');
const CarryRecordsScreen = screen(() => import('./screens/NearbyMachineScreen'), 'CarryRecordsScreen');
const ReplaceBoardScreen = screen(() => import('./screens/NearbyMachineScreen'), 'ReplaceBoardScreen');
const PinResetScreen = screen(() => import('./screens/ServiceScreen'), 'PinResetScreen');
const AccountScreen = screen(() => import('./screens/AccountScreen'), 'AccountScreen');
const AppSettingsScreen = screen(() => import('./screens/AppSettingsScreen'), 'AppSettingsScreen');
const CustomersScreen = screen(() => import('./screens/CustomersScreen'), 'CustomersScreen');
const NewCustomerScreen = screen(() => import('./screens/CustomerScreen'), 'NewCustomerScreen');
const CustomerScreen = screen(() => import('./screens/CustomerScreen'), 'CustomerScreen');
const SettingsProfilesScreen = screen(() => import('./screens/SettingsProfilesScreen'), 'SettingsProfilesScreen');
const SettingsProfileScreen = screen(() => import('./screens/SettingsProfilesScreen'), 'SettingsProfileScreen');

/** Service technicians, their managers and admins: the service menu is theirs (docs/service-menu.md). */
export const servicePerson = (user: TUserData) => isServiceRole(user.role);

export type TCompanionScreen = {
  /** Under /app; the dashboard's own paths where a screen is the dashboard's, so its links work here too. */
  path: string;
  element: ReactNode;
  /** Who may open it; others land on the access screen. */
  allowed?: (user: TUserData) => boolean;
};

/**
 * The screens of a signed-in technician, inside the phone layout. To add a screen: a lazy import
 * above, an entry here, and — for the bottom bar — an entry in `COMPANION_NAV` (docs/companion.md).
 */
export const SIGNED_IN_SCREENS: readonly TCompanionScreen[] = [
  { path: '/devices', element: <HomeScreen /> },
  { path: '/device/:serialNumber', element: <MachineScreen /> },
  { path: '/device/:serialNumber/alarms', element: <MachineSectionScreen section="alarms" /> },
  { path: '/device/:serialNumber/documents', element: <MachineSectionScreen section="documents" /> },
  { path: '/device/:serialNumber/statistics', element: <MachineSectionScreen section="statistics" /> },
  { path: '/device/:serialNumber/info', element: <MachineSectionScreen section="info" /> },
  // Reached from the service menu.
  { path: '/device/:serialNumber/firmware', element: <MachineSectionScreen section="firmware" />, allowed: servicePerson },
  { path: '/device/:serialNumber/haccp', element: <HaccpPage /> },
  { path: '/device/:serialNumber/haccp/verification', element: <HaccpVerificationPage /> },
  { path: '/device/:serialNumber/remote-control', element: <RemoteControlPage /> },
  { path: '/device/:serialNumber/parameters', element: <DeviceParametersPage screen="parameters" /> },
  { path: '/device/:serialNumber/cycles', element: <DeviceParametersPage screen="cycles" /> },
  {
    path: '/device/:serialNumber/factory-parameters',
    element: <DeviceParametersPage screen="factory" />,
    allowed: canEditFactoryParameters,
  },
  { path: '/device/:serialNumber/service', element: <ServiceScreen />, allowed: servicePerson },
  { path: '/device/:serialNumber/install', element: <InstallScreen />, allowed: servicePerson },
  { path: '/nearby/:serialNumber/commission', element: <CommissionScreen />, allowed: canUseLocalLink },
  { path: '/nearby/:serialNumber/records', element: <CarryRecordsScreen />, allowed: canUseLocalLink },
  { path: '/device/:serialNumber/main-board', element: <ReplaceBoardScreen />, allowed: canUseLocalLink },
  { path: '/service/pin-reset', element: <PinResetScreen />, allowed: servicePerson },
  { path: '/pendingusers', element: <PendingUsersPage />, allowed: canAuthorize },
  { path: '/customers', element: <CustomersScreen />, allowed: canManageCustomers },
  { path: '/customers/new', element: <NewCustomerScreen />, allowed: canManageCustomers },
  { path: '/customers/:id', element: <CustomerScreen />, allowed: canManageCustomers },
  { path: '/settings-profiles', element: <SettingsProfilesScreen />, allowed: canManageCustomers },
  { path: '/settings-profiles/:id', element: <SettingsProfileScreen />, allowed: canManageCustomers },
  { path: '/profile', element: <AccountScreen /> },
  { path: '/settings', element: <AppSettingsScreen /> },
  { path: '/access', element: <StatusPage screen="access" /> },
];

export type TNavItem = {
  to: string;
  /** Its label: `mobile.nav.<label>` in the catalogue. */
  label: 'machines' | 'customers' | 'settingsProfiles' | 'authorizations' | 'account' | 'settings';
  Icon: typeof IconWashMachine;
  allowed?: (user: TUserData) => boolean;
};

/** The bottom navigation, in order. */
export const COMPANION_NAV: readonly TNavItem[] = [
  { to: '/devices', label: 'machines', Icon: IconWashMachine },
  { to: '/customers', label: 'customers', Icon: IconAddressBook, allowed: canManageCustomers },
  { to: '/settings-profiles', label: 'settingsProfiles', Icon: IconAdjustmentsHorizontal, allowed: canManageCustomers },
  { to: '/pendingusers', label: 'authorizations', Icon: IconUserCheck, allowed: canAuthorize },
  { to: '/profile', label: 'account', Icon: IconUserCircle },
  { to: '/settings', label: 'settings', Icon: IconSettings },
];

export type TMachineSection = {
  /** Below /device/{serialNumber}. */
  path: string;
  /** Its label: `mobile.machine.<label>` in the catalogue. */
  label:
    | 'alarms'
    | 'documents'
    | 'haccp'
    | 'remoteControl'
    | 'generalSettings'
    | 'statistics'
    | 'modifyCycles'
    | 'factoryParameters'
    | 'service'
    | 'machineInfo'
    | 'replaceBoard';
  Icon: typeof IconWashMachine;
  allowed?: (user: TUserData) => boolean;
};

/** The single machine's sections, listed under its state (the machine screen). */
export const MACHINE_SECTIONS: readonly TMachineSection[] = [
  { path: 'alarms', label: 'alarms', Icon: IconBell },
  { path: 'remote-control', label: 'remoteControl', Icon: IconRemoteControl },
  { path: 'haccp', label: 'haccp', Icon: IconClipboardCheck },
  { path: 'documents', label: 'documents', Icon: IconFileText },
  { path: 'statistics', label: 'statistics', Icon: IconChartBar },
  { path: 'parameters', label: 'generalSettings', Icon: IconAdjustments },
  { path: 'cycles', label: 'modifyCycles', Icon: IconDeviceMobileCog },
  { path: 'factory-parameters', label: 'factoryParameters', Icon: IconSettings, allowed: canEditFactoryParameters },
  { path: 'service', label: 'service', Icon: IconTool, allowed: servicePerson },
  { path: 'info', label: 'machineInfo', Icon: IconInfoCircle },
  { path: 'main-board', label: 'replaceBoard', Icon: IconCpu, allowed: canUseLocalLink },
];

/** The signed-in screens (rendered by `SignedInCompanion`, inside the phone layout). */
export function SignedInRoutes() {
  return (
    <Routes>
      {SIGNED_IN_SCREENS.map(({ path, element, allowed }) => (
        <Route
          key={path}
          path={path}
          element={allowed ? <RequirePermission allowed={allowed}>{page(element)}</RequirePermission> : page(element)}
        />
      ))}
      <Route path="*" element={<StatusPage screen="notFound" />} />
    </Routes>
  );
}
