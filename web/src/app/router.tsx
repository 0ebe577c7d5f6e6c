import type { AdminSection } from '@linksmate/proto/rules';
import { type ComponentType, isValidElement, lazy, useState } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { NotFoundPage } from '../components/NotFound';
import { HomePage } from '../features/home';
import { paths } from '../lib/paths';
import { RouteError } from './errors/RouteError';
import { AccessGuard } from './guards/AccessGuard';
import { AdminSectionGuard } from './guards/AdminSectionGuard';
import { logInToChooseMembership } from './guards/login-reasons';
import { AppLayout } from './layout/AppLayout';
import { type Access, PLANNED_SCREENS } from './routes/coming-soon-screens';

/** A screen whose code comes on demand: `load` fetches it; once here, it is `loaded`. */
interface ScreenCode {
  load(): Promise<unknown>;
  loaded?: ComponentType;
  Lazy: ComponentType;
}

function OnDemand({ code }: { code: ScreenCode }) {
  // Fixed for the life of this mount: switching from Lazy to the screen itself would remount it.
  const [Loaded] = useState(() => code.loaded);
  return Loaded ? <Loaded /> : <code.Lazy />;
}

let screens = 0;

/**
 * A screen whose code is fetched when it is first opened. The home page is the one most visits start
 * on, so it ships with the app itself; every other screen is a chunk of its own, shown by the
 * `<Suspense>` in AppLayout while it loads. Once its code is here (`load`), a screen renders at once,
 * without suspending.
 */
function onDemand<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  const code: ScreenCode = {
    load: () =>
      load().then((module) => {
        code.loaded = pick(module);
        return { default: code.loaded };
      }),
    Lazy: lazy(() => code.load() as Promise<{ default: ComponentType }>),
  };
  // A key of its own: two screens at the same place are two components, as with lazy() alone.
  return <OnDemand key={`screen-${++screens}`} code={code} />;
}

const auth = () => import('../features/auth');
const bookings = () => import('../features/bookings');
const games = () => import('../features/games');
const coaches = () => import('../features/coaches');
// The lists are where most visits land: each is a chunk of its own, without its detail page's code.
const eventList = () => import('../features/events/routes/EventsPage');
const eventDetail = () => import('../features/events/routes/EventDetailPage');
const membership = () => import('../features/membership');
const messages = () => import('../features/messages');
const notifications = () => import('../features/notifications');
const players = () => import('../features/players');
const rounds = () => import('../features/rounds');
const profile = () => import('../features/profile');
const results = () => import('../features/results');
const venueDirectory = () => import('../features/venues/routes/VenuesPage');
const venueDetail = () => import('../features/venues/routes/VenueDetailPage');
const adminDashboard = () => import('../features/admin-dashboard');
const adminUsers = () => import('../features/admin-users');
const adminTransactions = () => import('../features/admin-transactions');
const adminAnnouncements = () => import('../features/admin-announcements');
const adminCoaches = () => import('../features/admin-coaches');
const adminCoachVenues = () => import('../features/admin-coach-venues');
const adminClaims = () => import('../features/admin-claims');
const adminVenues = () => import('../features/admin-venues');
const adminAvailability = () => import('../features/admin-availability');
const adminBookings = () => import('../features/admin-bookings');
const adminCreateEvent = () => import('../features/admin-create-event');
const adminEvents = () => import('../features/admin-events');

const ComingSoonPage = lazy(() =>
  import('../components/ComingSoon').then((module) => ({ default: module.ComingSoonPage })),
);

const plannedScreens = (access: Access): RouteObject[] =>
  PLANNED_SCREENS.filter((screen) => screen.access === access).map((screen) => {
    const page = <ComingSoonPage key={screen.path} title={screen.title} description={screen.description} />;
    return {
      path: screen.path,
      element: screen.section ? <AdminSectionGuard section={screen.section}>{page}</AdminSectionGuard> : page,
    };
  });

/** A section of the admin area, for the roles docs/product.md#admin-sections gives it, its code fetched when first opened. */
function adminRoute<Module>(
  path: string,
  section: AdminSection,
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
): RouteObject {
  return { path, element: <AdminSectionGuard section={section}>{onDemand(load, pick)}</AdminSectionGuard> };
}

// The admin area's frame is for admins only: visitors and members never download it.
const AdminLayout = lazy(() => import('./layout/AdminLayout').then((m) => ({ default: m.AdminLayout })));

/** Every screen of the app, in one table (docs/product.md#account-screens), grouped by who may open it. */
export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    // The layout itself failing: the error takes the whole page.
    errorElement: <RouteError />,
    children: [
      {
        // A page failing (it threw, or its code could not be fetched): the error takes the page's
        // place, below the header that stays.
        errorElement: <RouteError />,
        children: [
          { path: paths.home.path, element: <HomePage /> },
          { path: paths.login.path, element: onDemand(auth, (m) => m.LoginPage) },
          { path: paths.register.path, element: onDemand(auth, (m) => m.RegisterPage) },
          { path: paths.verifyEmail.path, element: onDemand(auth, (m) => m.VerifyEmailPage) },
          { path: paths.resendVerification.path, element: onDemand(auth, (m) => m.ResendVerificationPage) },
          { path: paths.forgotPassword.path, element: onDemand(auth, (m) => m.ForgotPasswordPage) },
          { path: paths.resetPassword.path, element: onDemand(auth, (m) => m.ResetPasswordPage) },
          { path: paths.membership.path, element: onDemand(membership, (m) => m.MembershipPage) },
          // docs/product.md#account-screens names /dashboard as where "Maybe later" leads; the own profile is that place.
          { path: paths.dashboard.path, element: <Navigate to={paths.profile.href()} replace /> },
          {
            path: paths.devMailbox.path,
            element: onDemand(
              () => import('../features/dev-mailbox'),
              (m) => m.MailboxPage,
            ),
          },
          {
            path: paths.devMetrics.path,
            element: onDemand(
              () => import('../features/dev-metrics'),
              (m) => m.LiveFiguresPage,
            ),
          },
          // docs/product.md#account-screens: the same screen under two addresses; signed out, it asks the visitor to log in.
          { path: paths.players.path, element: onDemand(players, (m) => m.PlayersPage) },
          { path: paths.findGolfers.path, element: onDemand(players, (m) => m.PlayersPage) },
          { path: paths.venues.path, element: onDemand(venueDirectory, (m) => m.VenuesPage) },
          { path: paths.venue.path, element: onDemand(venueDetail, (m) => m.VenueByIdPage) },
          { path: paths.venueBySlug.path, element: onDemand(venueDetail, (m) => m.VenueBySlugPage) },
          { path: paths.findCoaches.path, element: onDemand(coaches, (m) => m.FindCoachesPage) },
          { path: paths.coach.path, element: onDemand(coaches, (m) => m.CoachDetailPage) },
          { path: paths.events.path, element: onDemand(eventList, (m) => m.EventsPage) },
          { path: paths.event.path, element: onDemand(eventDetail, (m) => m.EventDetailPage) },
          {
            path: paths.claimProfile.path,
            element: onDemand(
              () => import('../features/claim-profile'),
              (m) => m.ClaimProfilePage,
            ),
          },
          ...plannedScreens('public'),
          {
            element: (
              <AccessGuard>
                <Outlet />
              </AccessGuard>
            ),
            children: [
              {
                path: paths.profile.path,
                element: onDemand(
                  () => import('./routes/ProfileRoute'),
                  (m) => m.ProfileRoute,
                ),
              },
              { path: paths.userProfile.path, element: onDemand(profile, (m) => m.UserProfilePage) },
              { path: paths.myGames.path, element: onDemand(games, (m) => m.MyGamesPage) },
              { path: paths.myBookings.path, element: onDemand(bookings, (m) => m.MyBookingsPage) },
              { path: paths.messages.path, element: onDemand(messages, (m) => m.MessagesPage) },
              { path: paths.announcements.path, element: onDemand(messages, (m) => m.AnnouncementsPage) },
              {
                path: paths.notifications.path,
                element: onDemand(notifications, (m) => m.NotificationsPage),
              },
              { path: paths.conversation.path, element: onDemand(messages, (m) => m.MessagesPage) },
              { path: paths.eventScoring.path, element: onDemand(results, (m) => m.ScoringPage) },
              { path: paths.eventResults.path, element: onDemand(results, (m) => m.ResultsPage) },
              { path: paths.rounds.path, element: onDemand(rounds, (m) => m.RoundsPage) },
              { path: paths.round.path, element: onDemand(rounds, (m) => m.RoundPage) },
              ...plannedScreens('login'),
            ],
          },
          {
            element: (
              <AccessGuard loginReason={logInToChooseMembership}>
                <Outlet />
              </AccessGuard>
            ),
            children: [
              { path: paths.onboarding.path, element: onDemand(membership, (m) => m.OnboardingPage) },
            ],
          },
          {
            // ARCHITECTURE.md §Auth: creating a game needs a valid membership (members; coaches and admins pass).
            element: (
              <AccessGuard membership>
                <Outlet />
              </AccessGuard>
            ),
            children: [{ path: paths.createGame.path, element: onDemand(games, (m) => m.CreateGamePage) }],
          },
          {
            element: (
              <AccessGuard admin>
                <AdminLayout />
              </AccessGuard>
            ),
            // Within the admin area, its sidebar stays beside the error.
            children: [
              {
                errorElement: <RouteError />,
                children: [
                  adminRoute(paths.admin.dashboard.path, 'dashboard', adminDashboard, (m) => m.DashboardPage),
                  adminRoute(paths.admin.venues.path, 'venues', adminVenues, (m) => m.VenuesAdminPage),
                  adminRoute(paths.admin.venue.path, 'venues', adminVenues, (m) => m.VenueAdminDetailPage),
                  adminRoute(paths.admin.coaches.path, 'coaches', adminCoaches, (m) => m.CoachesPage),
                  adminRoute(
                    paths.admin.coachVenues.path,
                    'coach-venues',
                    adminCoachVenues,
                    (m) => m.CoachVenuesPage,
                  ),
                  adminRoute(
                    paths.admin.profileClaims.path,
                    'profile-claims',
                    adminClaims,
                    (m) => m.ProfileClaimsPage,
                  ),
                  adminRoute(
                    paths.admin.announcements.path,
                    'announcements',
                    adminAnnouncements,
                    (m) => m.AnnouncementsAdminPage,
                  ),
                  adminRoute(
                    paths.admin.transactions.path,
                    'transactions',
                    adminTransactions,
                    (m) => m.TransactionsPage,
                  ),
                  adminRoute(
                    paths.admin.availability.path,
                    'availability',
                    adminAvailability,
                    (m) => m.AvailabilityPage,
                  ),
                  adminRoute(paths.admin.bookings.path, 'bookings', adminBookings, (m) => m.BookingsPage),
                  adminRoute(paths.admin.events.path, 'events', adminEvents, (m) => m.EventsAdminPage),
                  adminRoute(
                    paths.admin.createOfficialEvent.path,
                    'create-event',
                    adminCreateEvent,
                    (m) => m.CreateEventPage,
                  ),
                  adminRoute(paths.admin.users.path, 'users', adminUsers, (m) => m.UsersPage),
                  ...plannedScreens('admin'),
                ],
              },
            ],
          },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];

/**
 * Fetches the code of the screen at that path, if it is one of its own chunk. The landing pages'
 * HTML paints their first screen (first-screens.tsx): the app mounts once this is done, so it replaces
 * that picture with the same screen instead of the page area's loader.
 */
export async function loadScreenAt(pathname: string): Promise<void> {
  const leaf = matchRoutes(routes, pathname)?.at(-1)?.route.element;
  if (isValidElement<{ code?: ScreenCode }>(leaf) && leaf.type === OnDemand) await leaf.props.code?.load();
}

export const router = createBrowserRouter(routes);
