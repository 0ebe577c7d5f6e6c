import { ADMIN_SECTIONS, type AdminSection, mayUseAdminSection } from '@linksmate/proto/rules/admin';
import { ADMIN_SECTION_NAMES } from '@linksmate/proto/rules/role-changes';
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

const ICONS_AND_PATHS: Record<AdminSection, Pick<AdminSectionLink, 'to' | 'icon'>> = {
  dashboard: { to: paths.admin.dashboard.href(), icon: IconLayoutDashboard },
  venues: { to: paths.admin.venues.href(), icon: IconMapPin },
  coaches: { to: paths.admin.coaches.href(), icon: IconUserStar },
  'coach-venues': { to: paths.admin.coachVenues.href(), icon: IconMapPins },
  'profile-claims': { to: paths.admin.profileClaims.href(), icon: IconIdBadge2 },
  availability: { to: paths.admin.availability.href(), icon: IconCalendarTime },
  bookings: { to: paths.admin.bookings.href(), icon: IconTicket },
  events: { to: paths.admin.events.href(), icon: IconCalendarEvent },
  'create-event': { to: paths.admin.createOfficialEvent.href(), icon: IconCalendarPlus },
  announcements: { to: paths.admin.announcements.href(), icon: IconSpeakerphone },
  transactions: { to: paths.admin.transactions.href(), icon: IconReceipt },
  users: { to: paths.admin.users.href(), icon: IconUsers },
};

/**
 * The sidebar in the spec's order (docs/product.md#admin-sections), named as the role-change dialog names them
 * (ADMIN_SECTION_NAMES); each role sees the sections it may use.
 */
const SECTIONS: AdminSectionLink[] = ADMIN_SECTIONS.map((section) => ({
  section,
  label: ADMIN_SECTION_NAMES[section],
  ...ICONS_AND_PATHS[section],
}));

/** Where a section of the admin area lives. */
export const adminSectionPath = (section: AdminSection) => ICONS_AND_PATHS[section].to;

export function adminSectionLinks(role: string | null): AdminSectionLink[] {
  return SECTIONS.filter((link) => mayUseAdminSection(role, link.section)).map((link) =>
    // A coach admin's venues are their own (spec 3 "Coach venues").
    link.section === 'coach-venues' && (role === 'coach_admin' || role === 'coach')
      ? { ...link, label: 'My Coaching Venues' }
      : link,
  );
}
