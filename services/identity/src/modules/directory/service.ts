import type { GolfersQuery, GolfersReply } from '@linksmate/proto';
import type { Db } from '../../db/types';
import { listGolfers } from './repository';

/** Finding other golfers (spec 1 §2.3 featured golfers). */
export class DirectoryService {
  constructor(private readonly db: Db) {}

  async golfers(viewerId: number, { page, limit }: GolfersQuery): Promise<GolfersReply> {
    const { rows, total } = await listGolfers(this.db, viewerId, limit, (page - 1) * limit);
    return { users: rows, page, limit, total };
  }
}
