import { type AdminSection, mayUseAdminSection } from '@linksmate/proto/rules';
import {
  IconCalendarEvent,
  IconCalendarPlus,
  IconCalendarTime,
  IconIdBadge2,
  IconLayoutDashboard,
  IconMapPin,
  IconMapPins,
  IconReceipt,
  IconSpeakerphone,
  IconTicket,
  IconUserStar,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { paths } from '../../lib/paths';

export interface AdminSectionLink {
  section: AdminSection;
  label: string;
  to: string;
  icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }>;
}

/** The sidebar in the spec's order (spec 3 §2); each role sees the sections it may use. */
const SECTIONS: AdminSectionLink[] = [
  { section: 'dashboard', label: 'Dashboard', to: paths.admin.dashboard.href(), icon: IconLayoutDashboard },
  { section: 'venues', label: 'Venues', to: paths.admin.venues.href(), icon: IconMapPin },
  { section: 'coaches', label: 'Coaches', to: paths.admin.coaches.href(), icon: IconUserStar },
  { section: 'coach-venues', label: 'Coach Venues', to: paths.admin.coachVenues.href(), icon: IconMapPins },
  {
    section: 'profile-claims',
    label: 'Profile Claims',
    to: paths.admin.profileClaims.href(),
    icon: IconIdBadge2,
  },
  {
    section: 'availability',
    label: 'Availability',
    to: paths.admin.availability.href(),
    icon: IconCalendarTime,
  },
  { section: 'bookings', label: 'Bookings', to: paths.admin.bookings.href(), icon: IconTicket },
  { section: 'events', label: 'Events', to: paths.admin.events.href(), icon: IconCalendarEvent },
  {
    section: 'create-event',
    label: 'Create LinksMate Event',
    to: paths.admin.createOfficialEvent.href(),
    icon: IconCalendarPlus,
  },
  {
    section: 'announcements',
    label: 'Announcements',
    to: paths.admin.announcements.href(),
    icon: IconSpeakerphone,
  },
  { section: 'transactions', label: 'Transactions', to: paths.admin.transactions.href(), icon: IconReceipt },
  { section: 'users', label: 'User Management', to: paths.admin.users.href(), icon: IconUsers },
];

export function adminSectionLinks(role: string | null): AdminSectionLink[] {
  return SECTIONS.filter((link) => mayUseAdminSection(role, link.section)).map((link) =>
    // A coach admin's venues are their own (spec 3 "Coach venues").
    link.section === 'coach-venues' && role === 'coach_admin'
      ? { ...link, label: 'My Coaching Venues' }
      : link,
  );
}
