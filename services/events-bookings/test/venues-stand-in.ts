import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import type { InternalTeeReply } from '@linksmate/proto';
import { SERVICE_TOKEN } from './fixtures';

/**
 * venues-coaches' `GET /internal/tees/{id}` as its contract describes it (InternalTeeReply; 404
 * `tee_not_found` for a tee it does not have), over real HTTP. events-bookings' tests may not start
 * venues-coaches itself (services do not import each other).
 */
export class VenuesStandIn {
  private readonly tees = new Map<number, InternalTeeReply>();
  private server?: Server;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A tee venues-coaches has, as it answers for it. */
  tee(reply: InternalTeeReply): void {
    this.tees.set(reply.tee.id, reply);
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const send = (status: number, answer: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    };
    const match = /^\/internal\/tees\/(\d+)$/.exec(req.url ?? '');
    const found = match ? this.tees.get(Number(match[1])) : undefined;
    if (req.headers[SERVICE_TOKEN_HEADER] !== SERVICE_TOKEN)
      send(401, { error: 'Service token required', code: 'service_token_required' });
    else if (!found) send(404, { error: 'Tee not found', code: 'tee_not_found' });
    else send(200, found);
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** An 18-hole tee of par 72 (every hole a par 4), rated 72.0 / 113 unless told. */
export function teeReply(options: {
  id: number;
  venueId: number;
  courseId: number;
  gender: 'men' | 'women';
  rating?: number;
  slope?: number;
}): InternalTeeReply {
  return {
    venue_id: options.venueId,
    course: { id: options.courseId, name: `Course ${options.courseId}`, holes: 18 },
    tee: {
      id: options.id,
      course_id: options.courseId,
      name: options.gender === 'men' ? 'Blue' : 'Red',
      gender: options.gender,
      par: 72,
      course_rating: options.rating ?? 72,
      slope_rating: options.slope ?? 113,
      holes: Array.from({ length: 18 }, (_, i) => ({ number: i + 1, par: 4, stroke_index: i + 1 })),
    },
  };
}
