import { createBrowserRouter, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { ComingSoonPage } from '../components/ComingSoon';
import { NotFoundPage } from '../components/NotFound';
import {
  ForgotPasswordPage,
  LoginPage,
  RegisterPage,
  ResendVerificationPage,
  ResetPasswordPage,
  VerifyEmailPage,
} from '../features/auth';
import { MailboxPage } from '../features/dev-mailbox';
import { HomePage } from '../features/home';
import { MembershipPage, OnboardingPage } from '../features/membership';
import { paths } from '../lib/paths';
import { AccessGuard } from './guards/AccessGuard';
import { AppLayout } from './layout/AppLayout';
import { type Access, PLANNED_SCREENS } from './routes/coming-soon-screens';
import { ProfileRoute } from './routes/ProfileRoute';

const plannedScreens = (access: Access): RouteObject[] =>
  PLANNED_SCREENS.filter((screen) => screen.access === access).map((screen) => ({
    path: screen.path,
    element: <ComingSoonPage title={screen.title} description={screen.description} />,
  }));

/** Every screen of the app, in one table (spec 1 §2.1), grouped by who may open it. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: paths.home.path, element: <HomePage /> },
      { path: paths.login.path, element: <LoginPage /> },
      { path: paths.register.path, element: <RegisterPage /> },
      { path: paths.verifyEmail.path, element: <VerifyEmailPage /> },
      { path: paths.resendVerification.path, element: <ResendVerificationPage /> },
      { path: paths.forgotPassword.path, element: <ForgotPasswordPage /> },
      { path: paths.resetPassword.path, element: <ResetPasswordPage /> },
      { path: paths.membership.path, element: <MembershipPage /> },
      // Spec 1 §2.1 names /dashboard as where "Maybe later" leads; the own profile is that place.
      { path: paths.dashboard.path, element: <Navigate to={paths.profile.href()} replace /> },
      { path: paths.devMailbox.path, element: <MailboxPage /> },
      ...plannedScreens('public'),
      {
        element: (
          <AccessGuard>
            <Outlet />
          </AccessGuard>
        ),
        children: [
          { path: paths.profile.path, element: <ProfileRoute /> },
          { path: paths.onboarding.path, element: <OnboardingPage /> },
          ...plannedScreens('login'),
        ],
      },
      {
        element: (
          <AccessGuard admin>
            <Outlet />
          </AccessGuard>
        ),
        children: plannedScreens('admin'),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
