import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { canAdminister, canAuthorize, canEditFactoryParameters } from '@washboard/contracts';
import { followBrowserLanguage, withAllTexts } from '../modules/i18n/i18n';
import { RequirePermission, RequireResetLink } from '../modules/session/guards';
import { useUserData } from '../modules/session/session-store';
import { StatusPage } from '../pages/StatusPage';
import { Loading } from '../ui/Loading';
import { lazyWithin } from '../ui/lazy-within';

// Every page is its own chunk, so /login loads only the shell and the sign-in screen; the signed-in
// shell and the demo's pages also wait for the rest of the catalogue (docs/texts.md).
const SignedInShell = lazyWithin(() => withAllTexts(import('./SignedInShell')).then((m) => ({ default: m.SignedInShell })));
const LoginPage = lazyWithin(() => import('../pages/LoginPage').then((m) => ({ default: m.LoginPage })));
const ChangePasswordPage = lazyWithin(() =>
  import('../pages/ChangePasswordPage').then((m) => ({ default: m.ChangePasswordPage })),
);
const DevicesPage = lazyWithin(() => import('../pages/DevicesPage').then((m) => ({ default: m.DevicesPage })));
const ProfilePage = lazyWithin(() => import('../pages/ProfilePage').then((m) => ({ default: m.ProfilePage })));
const PendingUsersPage = lazyWithin(() => import('../pages/PendingUsersPage').then((m) => ({ default: m.PendingUsersPage })));
const AdminHomePage = lazyWithin(() => import('../pages/AdminHomePage').then((m) => ({ default: m.AdminHomePage })));
const DevicePage = lazyWithin(() => import('../pages/DevicePage').then((m) => ({ default: m.DevicePage })));
const HaccpPage = lazyWithin(() => import('../pages/HaccpPage').then((m) => ({ default: m.HaccpPage })));
const HaccpVerificationPage = lazyWithin(() =>
  import('../pages/HaccpVerificationPage').then((m) => ({ default: m.HaccpVerificationPage })),
);
const RemoteControlPage = lazyWithin(() => import('../pages/RemoteControlPage').then((m) => ({ default: m.RemoteControlPage })));
const DemoMachinesPage = lazyWithin(() =>
  withAllTexts(import('../pages/DemoMachinesPage')).then((m) => ({ default: m.DemoMachinesPage })),
);
const DemoMachinePage = lazyWithin(() =>
  withAllTexts(import('../pages/DemoMachinePage')).then((m) => ({ default: m.DemoMachinePage })),
);
// An inspector's first visit: the browser's language (unless one was chosen here), then the texts and the page.
const InspectionPage = lazyWithin(() =>
  followBrowserLanguage().then(() =>
    withAllTexts(import('../pages/InspectionPage')).then((m) => ({ default: m.InspectionPage })),
  ),
);
const DeviceParametersPage = lazyWithin(() =>
  import('../pages/DeviceParametersPage').then((m) => ({ default: m.DeviceParametersPage })),
);

function page(element: ReactNode) {
  return <Suspense fallback={<Loading />}>{element}</Suspense>;
}

/** ERROR / NOT FOUND / ACCESS DENIED: inside the layout for a signed-in user, on their own otherwise. */
function StatusRoute({ screen }: { screen: 'error' | 'notFound' | 'access' }) {
  const user = useUserData();
  return user ? (
    page(
      <SignedInShell>
        <StatusPage screen={screen} />
      </SignedInShell>,
    )
  ) : (
    <StatusPage screen={screen} framed />
  );
}

/** Every route of both documents' §2 with its access rule. */
export function AppRoutes() {
  const user = useUserData();
  return (
    <Routes>
      <Route path="/login" element={user ? <Navigate to="/devices" replace /> : page(<LoginPage />)} />
      <Route path="/changepassword" element={<RequireResetLink>{page(<ChangePasswordPage />)}</RequireResetLink>} />
      <Route path="/error" element={<StatusRoute screen="error" />} />
      <Route path="/notfound" element={<StatusRoute screen="notFound" />} />
      <Route path="/access" element={<StatusRoute screen="access" />} />
      {/* The demo's virtual front panels: the same with or without a session (the server answers only in demo mode). */}
      <Route path="/demo/machines" element={page(<DemoMachinesPage />)} />
      <Route path="/demo/machines/:serialNumber" element={page(<DemoMachinePage />)} />
      {/* An inspector link: the same with or without a session, and it leads nowhere else. */}
      <Route path="/inspect/:token" element={page(<InspectionPage />)} />
      <Route element={user ? page(<SignedInShell />) : <Navigate to="/login" replace />}>
        {['/', '/devices', '/terms', '/privacy'].map((path) => (
          <Route key={path} path={path} element={page(<DevicesPage />)} />
        ))}
        <Route path="/profile" element={page(<ProfilePage />)} />
        <Route
          path="/pendingusers"
          element={<RequirePermission allowed={canAuthorize}>{page(<PendingUsersPage />)}</RequirePermission>}
        />
        <Route
          path="/adminhome"
          element={<RequirePermission allowed={canAdminister}>{page(<AdminHomePage />)}</RequirePermission>}
        />
        <Route path="/device/:serialNumber" element={page(<DevicePage />)} />
        <Route path="/device/:serialNumber/remote-control" element={page(<RemoteControlPage />)} />
        <Route path="/device/:serialNumber/parameters" element={page(<DeviceParametersPage screen="parameters" />)} />
        <Route path="/device/:serialNumber/cycles" element={page(<DeviceParametersPage screen="cycles" />)} />
        <Route path="/device/:serialNumber/haccp" element={page(<HaccpPage />)} />
        <Route path="/device/:serialNumber/haccp/verification" element={page(<HaccpVerificationPage />)} />
        <Route
          path="/device/:serialNumber/factory-parameters"
          element={
            <RequirePermission allowed={canEditFactoryParameters}>
              {page(<DeviceParametersPage screen="factory" />)}
            </RequirePermission>
          }
        />
        <Route path="*" element={<StatusPage screen="notFound" />} />
      </Route>
    </Routes>
  );
}
