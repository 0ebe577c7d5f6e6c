import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
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
import { ProfilePage } from '../features/profile';
import { AccessGuard } from './guards/AccessGuard';
import { AppLayout } from './layout/AppLayout';

/** Every screen of the app, in one table (spec 1 §2.1). */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    children: [
      { path: '/', element: <HomePage /> },
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/resend-verification', element: <ResendVerificationPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      {
        path: '/profile',
        element: (
          <AccessGuard>
            <ProfilePage />
          </AccessGuard>
        ),
      },
      {
        path: '/onboarding',
        element: (
          <AccessGuard>
            <OnboardingPage />
          </AccessGuard>
        ),
      },
      { path: '/membership', element: <MembershipPage /> },
      // Spec 1 §2.1 names /dashboard as where "Maybe later" leads; the own profile is that place.
      { path: '/dashboard', element: <Navigate to="/profile" replace /> },
      { path: '/dev/mailbox', element: <MailboxPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
