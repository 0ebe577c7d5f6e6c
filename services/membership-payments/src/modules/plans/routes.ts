import type { HttpApp } from '@linksmate/platform';
import { PlansReply } from '@linksmate/proto';
import type { PlansService } from './service';

export function registerPlanRoutes(app: HttpApp, plans: PlansService): void {
  // Public; with a token, the trial is offered only to someone who has not had one.
  app.get(
    '/payments/plans',
    { schema: { tags: ['payments'], response: { 200: PlansReply } } },
    async (request) => plans.list(request.user?.user_id),
  );
}
