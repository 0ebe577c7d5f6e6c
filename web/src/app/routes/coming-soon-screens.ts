import type { AdminSection } from '@linksmate/proto/rules';
import { paths } from '../../lib/paths';

/** Who may open a screen (docs/product.md#account-screens access column; spec 3 for the admin area). */
export type Access = 'public' | 'login' | 'admin';

export interface PlannedScreen {
  path: string;
  access: Access;
  title: string;
  /** One sentence: what the screen will do. */
  description: string;
  /** The admin area's section it belongs to (who may open it, docs/product.md#admin-sections). */
  section?: AdminSection;
}

/**
 * Screens the navigation already links to, not built yet. Each shows what it will be instead of the
 * 404 page, behind the access guard the spec gives it. A screen that gets built leaves this list
 * for a route of its own.
 */
export const PLANNED_SCREENS: PlannedScreen[] = [
  {
    path: paths.terms.path,
    access: 'public',
    title: 'Terms of Service',
    description: 'The terms that apply when you use LinksMate.',
  },
  {
    path: paths.privacy.path,
    access: 'public',
    title: 'Privacy Policy',
    description: 'How LinksMate collects, uses and protects your personal information.',
  },
];
