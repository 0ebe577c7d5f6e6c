import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SERVICE_TOKEN_HEADER } from '@linksmate/platform';
import type { InternalTeeReply, Tee } from '@linksmate/proto';

/** Pars and stroke indexes of a typical par-72 card. */
export const PARS_72 = [4, 4, 3, 5, 4, 4, 3, 5, 4, 4, 4, 3, 5, 4, 4, 3, 5, 4];
export const STROKE_INDEXES = [7, 3, 15, 11, 1, 13, 17, 5, 9, 8, 2, 16, 12, 4, 14, 18, 6, 10];

/**
 * venues-coaches as events-bookings calls it for a round's tee: `GET /internal/tees/{id}` with the
 * service token, answering its contract (`InternalTeeReply`) or 404 with its words, as the real one does
 * (services/venues-coaches/test/courses.test.ts covers the real route).
 */
export class VenuesStandIn {
  private server?: Server;
  private readonly tees = new Map<number, InternalTeeReply>();
  private nextId = 1;
  url = '';

  constructor(private readonly serviceToken: string) {}

  async start(): Promise<void> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A tee on a course of a venue, as venues-coaches keeps it. */
  tee(
    venueId: number,
    courseId: number,
    options: {
      courseRating?: number;
      slope?: number;
      holes?: 9 | 18;
      gender?: Tee['gender'];
      venueName?: string;
    } = {},
  ): InternalTeeReply {
    const id = this.nextId++;
    const count = options.holes ?? 18;
    const holes =
      count === 18
        ? PARS_72.map((par, i) => ({ number: i + 1, par, stroke_index: STROKE_INDEXES[i]! }))
        : PARS_72.slice(0, 9).map((par, i) => ({
            number: i + 1,
            par,
            stroke_index: [4, 2, 8, 6, 1, 7, 9, 3, 5][i]!,
          }));
    const par = holes.reduce((sum, hole) => sum + hole.par, 0);
    const reply: InternalTeeReply = {
      venue_id: venueId,
      ...(options.venueName ? { venue_name: options.venueName } : {}),
      course: { id: courseId, name: `Course ${courseId}`, holes: count },
      tee: {
        id,
        course_id: courseId,
        name: `Blue ${id}`,
        gender: options.gender ?? 'men',
        par,
        course_rating: options.courseRating ?? (count === 18 ? 72 : 35.5),
        slope_rating: options.slope ?? 113,
        holes,
      },
    };
    this.tees.set(id, reply);
    return reply;
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const match = /^\/internal\/tees\/(\d+)$/.exec(req.url ?? '');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const tee = match ? this.tees.get(Number(match[1])) : undefined;
    if (req.headers[SERVICE_TOKEN_HEADER] !== this.serviceToken)
      send(401, { error: 'Authentication required', code: 'unauthorized' });
    else if (!tee) send(404, { error: 'Tee not found', code: 'tee_not_found' });
    else send(200, tee);
  }

  async close(): Promise<void> {
    await new Promise<void>((resolve) => this.server?.close(() => resolve()) ?? resolve());
  }
}
